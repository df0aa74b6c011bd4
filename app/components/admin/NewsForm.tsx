import { Form, Link, useNavigation } from "react-router";
import { FileListField, type StoredFile } from "./FileListField";
import { CategorySelect, Field, FormError, formErrorMessage } from "./form-fields";
import { RichTextEditor } from "./RichTextEditor";

export type NewsFormValues = { category: string; title: string; title_eng: string; description: string; description_eng: string; date: string };

export function NewsForm({
  values,
  errors,
  categories,
  image,
  attachments,
  submitLabel,
}: {
  values: NewsFormValues;
  errors?: Record<string, string>;
  categories: { id: number; name: string }[];
  image: string | null;
  attachments: StoredFile[];
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form" noValidate>
      <FormError message={formErrorMessage(errors)} />
      <CategorySelect categories={categories} value={values.category} error={errors?.category} />
      <div className="field-row">
        <Field label="Titolo" htmlFor="title" required error={errors?.title}>
          <input id="title" name="title" defaultValue={values.title} required maxLength={300} />
        </Field>
        <Field label="Titolo (inglese)" htmlFor="title_eng" required error={errors?.title_eng}>
          <input id="title_eng" name="title_eng" defaultValue={values.title_eng} required maxLength={300} />
        </Field>
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
      </Field>
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
      <div className="form-actions">
        <button className="button button--primary" type="submit" disabled={busy}>
          {submitLabel}
        </button>
        <Link className="button button--ghost" to="/admin/newsList">
          Annulla
        </Link>
      </div>
    </Form>
  );
}
