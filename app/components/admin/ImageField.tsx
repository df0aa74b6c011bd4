import { Field } from "./form-fields";

/**
 * A picture of a content form: its address as text (a /media path or an https address, editable
 * and kept as typed) and, optionally, a file to upload in its place (`<name>__file`, stored by the
 * save like the images of news and music). One component on purpose: the media library will
 * replace it with a picker without touching the forms that use it.
 */
export function ImageField({ id, name, label, value, error, hint }: { id: string; name: string; label: string; value: string; error?: string; hint?: string }) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      {value ? <img className="current-image" src={value} alt="" width={96} height={64} loading="lazy" /> : null}
      <input id={id} name={name} defaultValue={value} inputMode="url" />
      <input name={`${name}__file`} type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" aria-label={`${label}: file da caricare`} />
    </Field>
  );
}
