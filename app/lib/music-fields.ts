import { describeFields } from "./item-fields";
import { IMAGE_ACCEPT } from "./images";

/** How a composition is listened to (SPEC.md 2.17/4): its own tracks (and videos), or a link elsewhere. */
const MUSIC_MODES = ["tracks", "link"] as const;

/**
 * The fields of a composition (SPEC.md 3 and 4), in the order of its admin form. The tracks and the
 * videos belong to the "tracks" mode, the link to the "link" mode: the form groups them by `group`.
 */
export const MUSIC_FIELDS = describeFields({
  category: { kind: "category", label: "Categoria" },
  // English optional (unlike news): most compositions keep their Italian title abroad.
  title: { kind: "bilingual", label: "Titolo", format: "line", max: 300, required: "italian", sideBySide: true },
  description: { kind: "bilingual", label: "Descrizione", format: "plain", max: 20_000, required: "neither", sideBySide: true },
  img: { kind: "file", label: "Immagine", form: "image", accept: IMAGE_ACCEPT, required: true },
  mode: {
    kind: "enum",
    label: "Tipo di contenuto",
    values: MUSIC_MODES,
    labels: { tracks: "Tracce e video", link: "Link esterno" },
    control: "radio",
    initial: "tracks",
    fromRow: (row) => (row.link ? "link" : "tracks"),
  },
  music_tracks: {
    kind: "list",
    column: "tracks",
    label: "Tracce audio",
    purpose: "track",
    accept: "audio/*",
    inputs: { json: "tracks_json", files: "track_files", keep: "keep_track" },
    group: "tracks",
  },
  videos: { kind: "url", label: "Video (link)", max: 2000, group: "tracks" },
  link: { kind: "url", label: "Link", max: 2000, group: "link" },
  publication: { kind: "publication" },
});
