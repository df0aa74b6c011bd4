import { describeFields } from "./item-fields";
import { IMAGE_ACCEPT } from "./images";

/** The fields of a news item (SPEC.md 3 and 4), in the order of its admin form. */
export const NEWS_FIELDS = describeFields({
  category: { kind: "category", label: "Categoria" },
  title: { kind: "bilingual", label: "Titolo", format: "line", max: 300, required: "both", sideBySide: true },
  description: { kind: "bilingual", label: "Descrizione", format: "rich", max: 200_000, required: "neither" },
  date: { kind: "date", label: "Data" },
  image: { kind: "file", label: "Immagine (facoltativa)", form: "image", accept: IMAGE_ACCEPT, required: false },
  publication: { kind: "publication" },
  attachments: {
    kind: "list",
    label: "Allegati",
    purpose: "attachment",
    accept: "application/pdf,image/*,audio/*",
    inputs: { json: "attachments_json", files: "attachment_files", keep: "keep_attachment" },
  },
});
