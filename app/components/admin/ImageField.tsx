import { createContext, useContext } from "react";
import { Field } from "./form-fields";

/** The images of the media library a form may pick from (url and the name staff know it by). */
export type ImageChoice = { url: string; label: string };
export const ImageChoicesContext = createContext<readonly ImageChoice[]>([]);

/**
 * A picture of a content form: its address as text (a /media path or an https address, editable
 * and kept as typed), a pick from the media library (`<name>__library`, a native select: no
 * JavaScript needed), or a file to upload in its place (`<name>__file`, stored by the save like
 * the images of news and music). The file wins over the pick, the pick over the text.
 */
export function ImageField({ id, name, label, value, error, hint }: { id: string; name: string; label: string; value: string; error?: string; hint?: string }) {
  const choices = useContext(ImageChoicesContext);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      {value ? <img className="current-image" src={value} alt="" width={96} height={64} loading="lazy" /> : null}
      <input id={id} name={name} defaultValue={value} inputMode="url" />
      {choices.length > 0 ? (
        <select name={`${name}__library`} defaultValue="" aria-label={`${label}: scegli dalla libreria Media`}>
          <option value="">Scegli dalla libreria Media…</option>
          {choices.map((choice) => (
            <option key={choice.url} value={choice.url}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : null}
      <input name={`${name}__file`} type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" aria-label={`${label}: file da caricare`} />
    </Field>
  );
}
