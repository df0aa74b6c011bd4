import { AdminForm, Field } from "./form-fields";
import { ImageChoicesContext, ImageField, type ImageChoice } from "./ImageField";
import { RichTextEditor } from "./RichTextEditor";
import { inputNames, type ContentField, type ListField, type ScalarField } from "~/lib/content-fields";

/**
 * The one form of every kind of content (/admin/content/{name}/{id}), drawn from the kind's field
 * description (app/lib/content-fields.ts): a bilingual field's Italian and English inputs side by
 * side, nested lists as rows with "Rimuovi" and blank rows to fill, "Aggiungi riga" a native post
 * that shows more blank rows. Works the same with and without JavaScript.
 */

type Values = Record<string, unknown>;
type Errors = Record<string, string> | undefined;

/** Blank rows under a nested list (more with "Aggiungi riga"). */
const BLANK_ROWS = 2;

const asText = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const inputId = (name: string) => `f-${name.replace(/\./g, "-")}`;

function Control({ field, name, value, error, label }: { field: ScalarField; name: string; value: string; error?: string; label: string }) {
  const id = inputId(name);
  if (field.type === "image") return <ImageField id={id} name={name} label={label} value={value} error={error} hint={field.hint} />;
  if (field.type === "richtext") {
    return (
      <Field label={label} htmlFor={id} error={error} hint={field.hint}>
        <RichTextEditor id={id} name={name} label={label} defaultValue={value} />
      </Field>
    );
  }
  return (
    <Field label={label} htmlFor={id} error={error} hint={field.hint}>
      {field.type === "textarea" ? (
        <textarea id={id} name={name} defaultValue={value} rows={6} />
      ) : (
        <input
          type="text"
          id={id}
          name={name}
          defaultValue={value}
          inputMode={field.type === "number" ? "numeric" : field.type === "url" ? "url" : undefined}
        />
      )}
    </Field>
  );
}

function ScalarInputs({ field, values, errors, prefix = "" }: { field: ScalarField; values: Values; errors: Errors; prefix?: string }) {
  const [italian, english] = inputNames(field);
  const control = (name: string, label: string) => (
    <Control key={name} field={field} name={`${prefix}${name}`} value={asText(values[name])} error={errors?.[`${prefix}${name}`]} label={label} />
  );
  if (!english) return control(italian!, field.label);
  return (
    <div className="field-row field-row--languages">
      {control(italian!, `${field.label} (italiano)`)}
      {control(english, `${field.label} (inglese)`)}
    </div>
  );
}

function ListInputs({ field, rows, errors, blankRows }: { field: ListField; rows: Values[]; errors: Errors; blankRows: number }) {
  const all = [...rows, ...Array.from({ length: blankRows }, (): Values => ({}))];
  return (
    <fieldset className="option-group content-rows">
      <legend>{field.label}</legend>
      {errors?.[field.name] ? <p className="field__error">{errors[field.name]}</p> : null}
      {all.map((row, index) => {
        const prefix = `${field.name}.${index}.`;
        const isNew = index >= rows.length;
        return (
          <fieldset key={index} className="content-rows__row">
            <legend>
              {field.rowLabel} {index + 1}
              {isNew ? " (nuova)" : ""}
            </legend>
            {field.withIds && typeof row.id === "number" ? <input type="hidden" name={`${prefix}id`} value={row.id} /> : null}
            {field.fields.map((inner) => (
              <ScalarInputs key={inner.name} field={inner} values={row} errors={errors} prefix={prefix} />
            ))}
            {isNew ? null : (
              <label className="content-rows__remove">
                <input type="checkbox" name={`${prefix}remove`} value="1" /> Rimuovi questa riga
              </label>
            )}
          </fieldset>
        );
      })}
      <button className="button button--ghost" type="submit" name="intent" value={`add-row:${field.name}:${blankRows + 1}`}>
        Aggiungi riga
      </button>
    </fieldset>
  );
}

export function ContentItemForm({
  fields,
  values,
  errors,
  blankRows,
  cancelTo,
  library = [],
}: {
  fields: ContentField[];
  /** The media library's images, offered beside every image field. */
  library?: readonly ImageChoice[];
  values: Values;
  errors: Errors;
  /** Blank rows per nested list, after an "Aggiungi riga". */
  blankRows?: Record<string, number>;
  cancelTo: string;
}) {
  return (
    <ImageChoicesContext value={library}>
      {/* The form's default button (Enter in a field) saves, whatever «Aggiungi riga» buttons follow. */}
      <AdminForm errors={errors} submitLabel="Salva" cancelTo={cancelTo} multipart innerSubmits>
        {fields.map((field) =>
          field.type === "list" ? (
            <ListInputs
              key={field.name}
              field={field}
              rows={Array.isArray(values[field.name]) ? (values[field.name] as Values[]) : []}
              errors={errors}
              blankRows={blankRows?.[field.name] ?? BLANK_ROWS}
            />
          ) : (
            <ScalarInputs key={field.name} field={field} values={values} errors={errors} />
          ),
        )}
      </AdminForm>
    </ImageChoicesContext>
  );
}
