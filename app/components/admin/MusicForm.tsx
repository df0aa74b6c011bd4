import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FileListField, type StoredFile } from "./FileListField";
import { ImageChoicesContext, LibraryPicker, type ImageChoice } from "./ImageField";
import { AdminForm, BilingualTextFields, CategorySelect, Field } from "./form-fields";
import { PublicationField } from "./PublicationField";
import type { PublicationFormValues } from "~/lib/publication-labels";

export type MusicFormValues = {
  category: string;
  title: string;
  title_eng: string;
  description: string;
  description_eng: string;
  mode: string;
  videos: string;
  link: string;
} & PublicationFormValues;

/**
 * SPEC.md 2.17/4: two mutually exclusive options, "tracks and video" and "external link". Choosing
 * one disables the other's fields; on edit the saved option is pre-selected and the other disabled.
 * Without JavaScript both groups stay usable and the server keeps only the chosen one.
 */
export function MusicForm({
  values,
  errors,
  categories,
  image,
  tracks,
  lockedMode,
  library,
  submitLabel,
}: {
  values: MusicFormValues;
  errors?: Record<string, string>;
  categories: { id: number; name: string }[];
  image: string | null;
  tracks: StoredFile[];
  lockedMode?: "tracks" | "link";
  /** The media library's images: the cover may be picked there instead of uploaded. */
  library: readonly ImageChoice[];
  submitLabel: string;
}) {
  const [mode, setMode] = useState(lockedMode ?? (values.mode === "link" ? "link" : values.mode === "tracks" ? "tracks" : ""));
  // Without JavaScript nothing can re-enable a group, so only a locked (edit) mode disables one.
  const hydrated = useHydrated();
  const tracksDisabled = lockedMode === "link" || (hydrated && mode === "link");
  const linkDisabled = lockedMode === "tracks" || (hydrated && mode === "tracks");
  return (
    <ImageChoicesContext value={library}>
      <AdminForm errors={errors} submitLabel={submitLabel} cancelTo="/admin/musicList" multipart>
        <CategorySelect categories={categories} value={values.category} error={errors?.category} />
        <div className="field-row">
          <BilingualTextFields name="title" label="Titolo" values={values} errors={errors} maxLength={300} englishOptional />
        </div>
        <div className="field-row">
          <Field label="Descrizione" htmlFor="description">
            <textarea id="description" name="description" rows={5} defaultValue={values.description} />
          </Field>
          <Field label="Descrizione (inglese)" htmlFor="description_eng">
            <textarea id="description_eng" name="description_eng" rows={5} defaultValue={values.description_eng} />
          </Field>
        </div>
        <Field label="Immagine" htmlFor="image_file" required error={errors?.image}>
          {image ? <img className="current-image" src={image} alt="Immagine attuale" /> : null}
          <input id="image_file" name="image_file" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" />
          <LibraryPicker name="image" label="Immagine" />
          {image ? <small className="field__hint">Scegli un file o un'immagine della libreria solo per sostituire l'immagine attuale.</small> : null}
        </Field>
        <div className="field" role="radiogroup" aria-labelledby="mode-label">
          <span className="field__label" id="mode-label">
            Tipo di contenuto <span aria-hidden="true">*</span>
          </span>
          <label>
            <input
              type="radio"
              name="mode"
              value="tracks"
              defaultChecked={mode === "tracks"}
              disabled={lockedMode === "link"}
              onChange={() => setMode("tracks")}
            />{" "}
            Tracce e video
          </label>
          <label>
            <input type="radio" name="mode" value="link" defaultChecked={mode === "link"} disabled={lockedMode === "tracks"} onChange={() => setMode("link")} />{" "}
            Link esterno
          </label>
          {errors?.mode ? <small className="field__error">{errors.mode}</small> : null}
        </div>
        <fieldset className="option-group" id="group-tracks" disabled={tracksDisabled}>
          <legend>Tracce e video</legend>
          <FileListField
            id="tracks"
            label="Tracce audio"
            purpose="track"
            jsonName="tracks_json"
            fileInputName="track_files"
            keepName="keep_track"
            existing={tracks}
            accept="audio/*"
            disabled={tracksDisabled}
            error={errors?.tracks}
          />
          <Field label="Video (link)" htmlFor="videos" error={errors?.videos}>
            <input id="videos" name="videos" type="text" inputMode="url" defaultValue={values.videos} placeholder="https://" />
          </Field>
        </fieldset>
        <fieldset className="option-group" id="group-link" disabled={linkDisabled}>
          <legend>Link esterno</legend>
          <Field label="Link" htmlFor="link" error={errors?.link}>
            {/* type=text: a link typed without https:// is completed on the server (SPEC.md 2.6), not refused by the browser. */}
            <input id="link" name="link" type="text" inputMode="url" autoComplete="url" defaultValue={values.link} placeholder="https://" />
          </Field>
        </fieldset>
        <PublicationField values={values} error={errors?.publish_at} />
      </AdminForm>
    </ImageChoicesContext>
  );
}
