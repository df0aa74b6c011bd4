import { FileListField, type StoredFile } from "./FileListField";
import { ImageChoicesContext, LibraryPicker, type ImageChoice } from "./ImageField";
import { AdminForm, BilingualTextFields, CategorySelect, Field } from "./form-fields";
import { RichTextEditor } from "./RichTextEditor";
import { PublicationField } from "./PublicationField";
import type { PublicationFormValues } from "~/lib/publication-labels";

export type NewsFormValues = {
  category: string;
  title: string;
  title_eng: string;
  description: string;
  description_eng: string;
  date: string;
} & PublicationFormValues;

export function NewsForm({
  values,
  errors,
  categories,
  image,
  attachments,
  library,
  submitLabel,
}: {
  values: NewsFormValues;
  errors?: Record<string, string>;
  categories: { id: number; name: string }[];
  image: string | null;
  attachments: StoredFile[];
  /** The media library's images: the cover may be picked there instead of uploaded. */
  library: readonly ImageChoice[];
  submitLabel: string;
}) {
  return (
    <ImageChoicesContext value={library}>
      <AdminForm errors={errors} submitLabel={submitLabel} cancelTo="/admin/newsList" multipart>
        <CategorySelect categories={categories} value={values.category} error={errors?.category} />
        <div className="field-row">
          <BilingualTextFields name="title" label="Titolo" values={values} errors={errors} maxLength={300} />
        </div>
        <Field label="Descrizione" htmlFor="description">
          <RichTextEditor id="description" name="description" label="Descrizione" defaultValue={values.description} />
        </Field>
        <Field label="Descrizione (inglese)" htmlFor="description_eng">
          <RichTextEditor id="description_eng" name="description_eng" label="Descrizione (inglese)" defaultValue={values.description_eng} />
        </Field>
        <Field label="Data" htmlFor="date" required error={errors?.date}>
          <input id="date" name="date" type="date" defaultValue={values.date} required />
        </Field>
        <Field label="Immagine (facoltativa)" htmlFor="image_file" error={errors?.image}>
          {image ? (
            <>
              <img className="current-image" src={image} alt="Immagine attuale" />
              <label>
                <input type="checkbox" name="remove_image" value="1" /> Rimuovi l'immagine
              </label>
            </>
          ) : null}
          <input id="image_file" name="image_file" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" />
          <LibraryPicker name="image" label="Immagine" />
        </Field>
        <PublicationField values={values} error={errors?.publish_at} />
        <FileListField
          id="attachments"
          label="Allegati"
          purpose="attachment"
          jsonName="attachments_json"
          fileInputName="attachment_files"
          keepName="keep_attachment"
          existing={attachments}
          accept="application/pdf,image/*,audio/*"
          error={errors?.attachments}
        />
      </AdminForm>
    </ImageChoicesContext>
  );
}
