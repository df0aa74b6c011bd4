import { createContext, useContext } from "react";
import { Field } from "./form-fields";
import { IMAGE_ACCEPT } from "~/lib/images";

/** The images of the media library a form may pick from (url and the name staff know it by). */
export type ImageChoice = { url: string; label: string };
export const ImageChoicesContext = createContext<readonly ImageChoice[]>([]);

/**
 * The pick of an image from the media library (`<name>__library`): a native select, so it works
 * without JavaScript; empty keeps what the field holds. Every form that takes an image shows it
 * (content image fields, news and music covers), with the choices of `ImageChoicesContext`.
 */
export function LibraryPicker({ name, label }: { name: string; label: string }) {
  const choices = useContext(ImageChoicesContext);
  if (choices.length === 0) return null;
  return (
    <select name={`${name}__library`} defaultValue="" aria-label={`${label}: scegli dalla libreria Media`}>
      <option value="">Scegli dalla libreria Media…</option>
      {choices.map((choice) => (
        <option key={choice.url} value={choice.url}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A picture of a content form: its address as text (a /media path or an https address, editable
 * and kept as typed), a pick from the media library (`<name>__library`, a native select: no
 * JavaScript needed), or a file to upload in its place (`<name>__file`, stored by the save like
 * the images of news and music). The file wins over the pick, the pick over the text.
 */
export function ImageField({ id, name, label, value, error, hint }: { id: string; name: string; label: string; value: string; error?: string; hint?: string }) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      {value ? <img className="current-image" src={value} alt="" width={96} height={64} loading="lazy" /> : null}
      <input type="text" id={id} name={name} defaultValue={value} inputMode="url" />
      <LibraryPicker name={name} label={label} />
      <input name={`${name}__file`} type="file" accept={IMAGE_ACCEPT} aria-label={`${label}: file da caricare`} />
    </Field>
  );
}
