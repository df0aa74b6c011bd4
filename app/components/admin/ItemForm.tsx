import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  columnOf,
  englishName,
  type ChoicesField,
  type DocumentField,
  type EnumField,
  type FileField,
  type ItemField,
  type ItemFields,
  type ListField,
  type TextFormat,
} from "~/lib/item-fields";
import { FileListField, type StoredFile } from "./FileListField";
import { ImageChoicesContext, LibraryPicker, type ImageChoice } from "./ImageField";
import { AdminForm, BilingualTextFields, Field } from "./form-fields";
import { Breadcrumb } from "./ListControls";
import { PublicationField } from "./PublicationField";
import { RichTextEditor } from "./RichTextEditor";

/**
 * The admin form of a content type, drawn from its description (app/lib/item-fields.ts): each field
 * by its kind, in the description's order, with its Italian label, the values shown (a new item's,
 * a saved one's, or those a refused post sent) and each field's message.
 */

/** What the controls need besides the description: the values, the messages and the saved files. */
type FormState = {
  values: Readonly<Record<string, string>>;
  errors?: Record<string, string>;
  categories: readonly { id: number; name: string }[];
  /** The saved image (null: none yet). */
  image: string | null;
  /** The saved files of each list, by the list's wire name. */
  lists: Readonly<Record<string, StoredFile[]>>;
  /** The saved document of each document field (null or absent: none yet). */
  documents: Readonly<Record<string, SavedDocument | null>>;
};

/** A saved document as its control shows it: the copy visitors get, its pages, and where staff download the original. */
type SavedDocument = { url: string; pages: number | null; originalHref: string };

/** Checkboxes of a vocabulary (work without JavaScript: each checked key is posted under the field's name). */
function ChoicesControl({ name, field, form }: { name: string; field: ChoicesField; form: FormState }) {
  const checked = new Set((form.values[name] ?? "").split(","));
  const error = form.errors?.[name];
  return (
    <fieldset className="field choices" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="field__label">{field.label}</legend>
      <div className="choices__list">
        {field.values.map((value) => (
          <label key={value}>
            <input type="checkbox" name={name} value={value} defaultChecked={checked.has(value)} /> {field.labels[value] ?? value}
          </label>
        ))}
      </div>
      {error ? (
        <small className="field__error" id={`${name}-error`}>
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}

/** A document's file input, and for a saved one its link, its pages, the original's download and its removal. */
function DocumentControl({ name, field, form }: { name: string; field: DocumentField; form: FormState }) {
  const saved = form.documents[name];
  return (
    <Field label={field.label} htmlFor={name} error={form.errors?.[name]} hint={field.hint}>
      {saved ? (
        <p className="current-document">
          <a href={saved.url}>Copia con filigrana{saved.pages ? ` (${saved.pages} pagine)` : ""}</a> ·{" "}
          <a href={saved.originalHref} download>
            Scarica l'originale
          </a>
        </p>
      ) : null}
      {saved ? (
        <label>
          <input type="checkbox" name={`remove_${name}`} value="1" /> Rimuovi la partitura
        </label>
      ) : null}
      <input id={name} name={name} type="file" accept={field.accept} />
    </Field>
  );
}

/** The control of one text: an input, a textarea or the rich text editor. */
function textControl(format: TextFormat, name: string, label: string, value: string | undefined, maxLength: number, required: boolean) {
  if (format === "rich") return <RichTextEditor id={name} name={name} label={label} defaultValue={value ?? ""} />;
  if (format === "plain") return <textarea id={name} name={name} rows={5} defaultValue={value} />;
  return <input type="text" id={name} name={name} defaultValue={value} required={required} maxLength={maxLength} />;
}

function ImageControl({ field, form }: { field: FileField; form: FormState }) {
  const input = `${field.form}_file`;
  const current = form.image ? <img className="current-image" src={form.image} alt="Immagine attuale" /> : null;
  return (
    <Field label={field.label} htmlFor={input} required={field.required} error={form.errors?.[field.form]}>
      {current && !field.required ? (
        <>
          {current}
          <label>
            <input type="checkbox" name={`remove_${field.form}`} value="1" /> Rimuovi l'immagine
          </label>
        </>
      ) : (
        current
      )}
      <input id={input} name={input} type="file" accept={field.accept} />
      <LibraryPicker name={field.form} label="Immagine" />
      {current && field.required ? (
        <small className="field__hint">Scegli un file o un'immagine della libreria solo per sostituire l'immagine attuale.</small>
      ) : null}
    </Field>
  );
}

function ListControl({ name, field, form, disabled }: { name: string; field: ListField; form: FormState; disabled?: boolean }) {
  const id = columnOf(name, field);
  return (
    <FileListField
      id={id}
      label={field.label}
      purpose={field.purpose}
      jsonName={field.inputs.json}
      fileInputName={field.inputs.files}
      keepName={field.inputs.keep}
      existing={form.lists[name] ?? []}
      accept={field.accept}
      disabled={disabled}
      error={form.errors?.[id]}
    />
  );
}

/** One field's controls (a pair's two), outside any group. */
function FieldControls({ name, field, form, disabled }: { name: string; field: ItemField; form: FormState; disabled?: boolean }): ReactNode {
  const { values, errors } = form;
  switch (field.kind) {
    case "category":
      return (
        <Field label={field.label} htmlFor={name} required error={errors?.[name]}>
          <select id={name} name={name} defaultValue={values[name]} required>
            <option value="">Seleziona la categoria</option>
            {form.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
      );
    case "bilingual": {
      const english = englishName(name);
      const pair =
        field.format === "line" ? (
          <BilingualTextFields name={name} label={field.label} values={values} errors={errors} maxLength={field.max} required={field.required} />
        ) : (
          <>
            <Field label={field.label} htmlFor={name} required={field.required !== "neither"} error={errors?.[name]}>
              {textControl(field.format, name, field.label, values[name], field.max, field.required !== "neither")}
            </Field>
            <Field label={`${field.label} (inglese)`} htmlFor={english} required={field.required === "both"} error={errors?.[english]}>
              {textControl(field.format, english, `${field.label} (inglese)`, values[english], field.max, field.required === "both")}
            </Field>
          </>
        );
      return field.sideBySide ? <div className="field-row">{pair}</div> : pair;
    }
    case "text":
      return (
        <Field label={field.label} htmlFor={name} required={field.required} error={errors?.[name]}>
          {textControl(field.format, name, field.label, values[name], field.max, field.required)}
        </Field>
      );
    case "url":
      return (
        <Field label={field.label} htmlFor={name} error={errors?.[name]}>
          {/* type=text: an address typed without https:// is completed on the server (SPEC.md 2.6), not refused by the browser. */}
          <input id={name} name={name} type="text" inputMode="url" autoComplete="url" defaultValue={values[name]} placeholder="https://" />
        </Field>
      );
    case "date":
      return (
        <Field label={field.label} htmlFor={name} required error={errors?.[name]}>
          <input id={name} name={name} type="date" defaultValue={values[name]} required />
        </Field>
      );
    case "datetime":
      return (
        <Field label={field.label} htmlFor={name} required={field.required} error={errors?.[name]} hint="Ora di Roma">
          <input id={name} name={name} type="datetime-local" defaultValue={values[name]} required={field.required} />
        </Field>
      );
    case "number":
      return (
        <Field label={field.label} htmlFor={name} required={field.required} error={errors?.[name]}>
          <input
            id={name}
            name={name}
            type="number"
            min={field.min}
            max={field.max}
            step={field.decimals ? 10 ** -field.decimals : 1}
            defaultValue={values[name]}
            required={field.required}
          />
        </Field>
      );
    case "choices":
      return <ChoicesControl name={name} field={field} form={form} />;
    case "document":
      return <DocumentControl name={name} field={field} form={form} />;
    case "enum":
      return field.control === "radio" ? (
        <ChoiceGroups name={name} field={field} form={form} grouped={[]} />
      ) : (
        <Field label={field.label} htmlFor={name} required={!field.optional} error={errors?.[name]}>
          <select id={name} name={name} defaultValue={values[name]} required={!field.optional}>
            <option value="">{field.placeholder ?? ""}</option>
            {field.values.map((value) => (
              <option key={value} value={value}>
                {field.labels[value] ?? value}
              </option>
            ))}
          </select>
        </Field>
      );
    case "file":
      return <ImageControl field={field} form={form} />;
    case "list":
      return <ListControl name={name} field={field} form={form} disabled={disabled} />;
    case "publication":
      return <PublicationField values={values} error={errors?.publish_at} />;
  }
}

/**
 * A radio choice whose values name groups of fields (music: "tracks and videos" or "an external
 * link", SPEC.md 2.17/4): each group is a fieldset; choosing one disables the others' fields. A saved
 * item keeps its choice (`locked`): the other is disabled from the start. Without JavaScript nothing
 * can re-enable a group, so only a locked choice disables one, and the server keeps only the chosen group.
 */
function ChoiceGroups({
  name,
  field,
  form,
  grouped,
  locked,
}: {
  name: string;
  field: EnumField;
  form: FormState;
  grouped: readonly [string, ItemField & { group?: string }][];
  locked?: string;
}) {
  const shown = form.values[name] ?? "";
  const [choice, setChoice] = useState(locked ?? (field.values.includes(shown) ? shown : ""));
  const hydrated = useHydrated();
  const other = (value: string) => locked !== undefined && locked !== value;
  return (
    <>
      <div className="field" role="radiogroup" aria-labelledby={`${name}-label`}>
        <span className="field__label" id={`${name}-label`}>
          {`${field.label} `}
          <span aria-hidden="true">*</span>
        </span>
        {field.values.map((value) => (
          <label key={value}>
            <input type="radio" name={name} value={value} defaultChecked={choice === value} disabled={other(value)} onChange={() => setChoice(value)} />{" "}
            {field.labels[value] ?? value}
          </label>
        ))}
        {form.errors?.[name] ? <small className="field__error">{form.errors[name]}</small> : null}
      </div>
      {field.values.map((value) => {
        const members = grouped.filter(([, member]) => member.group === value);
        if (members.length === 0) return null;
        const disabled = other(value) || (hydrated && choice !== "" && choice !== value);
        return (
          <fieldset key={value} className="option-group" id={`group-${value}`} disabled={disabled}>
            <legend>{field.labels[value] ?? value}</legend>
            {members.map(([memberName, member]) => (
              <FieldControls key={memberName} name={memberName} field={member} form={form} disabled={disabled} />
            ))}
          </fieldset>
        );
      })}
    </>
  );
}

const groupOf = (field: ItemField) => ("group" in field ? field.group : undefined);
const sectionOf = (field: ItemField) => ("section" in field ? field.section : undefined);

/** The fields in order, those of one section (consecutive) together: [section or undefined, fields]. */
function bySection(entries: [string, ItemField][]): [string | undefined, [string, ItemField][]][] {
  const out: [string | undefined, [string, ItemField][]][] = [];
  for (const entry of entries) {
    const section = sectionOf(entry[1]);
    const last = out.at(-1);
    if (last && section !== undefined && last[0] === section) last[1].push(entry);
    else out.push([section, [entry]]);
  }
  return out;
}

/**
 * The whole form of a content type: a native post (multipart when it has files) that works without
 * JavaScript, every described field, save and cancel. `locked` keeps a saved item's radio choices
 * (music's mode); `library` lists the media library's images, which an image may be picked from.
 */
type ItemFormProps = {
  fields: ItemFields;
  values: Readonly<Record<string, string>>;
  errors?: Record<string, string>;
  categories?: readonly { id: number; name: string }[];
  image?: string | null;
  lists?: Readonly<Record<string, StoredFile[]>>;
  documents?: Readonly<Record<string, SavedDocument | null>>;
  locked?: Readonly<Record<string, string>>;
  library?: readonly ImageChoice[];
  cancelTo: string;
  submitLabel: string;
  /** Controls of the type's own beside the described fields, inside the same form (a concert's programme). */
  extra?: ReactNode;
};

export function ItemForm({
  fields,
  values,
  errors,
  categories = [],
  image = null,
  lists = {},
  documents = {},
  locked = {},
  library = [],
  cancelTo,
  submitLabel,
  extra,
}: ItemFormProps) {
  const form: FormState = { values, errors, categories, image, lists, documents };
  const entries = Object.entries(fields);
  const grouped = entries.filter(([, field]) => groupOf(field) !== undefined);
  const multipart = entries.some(([, field]) => field.kind === "file" || field.kind === "list" || field.kind === "document");
  const controls = ([name, field]: [string, ItemField]) =>
    field.kind === "enum" && field.control === "radio" ? (
      <ChoiceGroups key={name} name={name} field={field} form={form} grouped={grouped} locked={locked[name]} />
    ) : (
      <FieldControls key={name} name={name} field={field} form={form} />
    );
  return (
    <ImageChoicesContext value={library}>
      {/* A type's own controls may hold submit buttons (the programme's «Aggiungi opera»): Enter in a field still saves. */}
      <AdminForm errors={errors} submitLabel={submitLabel} cancelTo={cancelTo} multipart={multipart} innerSubmits={extra !== undefined}>
        {bySection(entries.filter(([, field]) => groupOf(field) === undefined)).map(([section, members]) =>
          section === undefined ? (
            members.map(controls)
          ) : (
            <fieldset key={section} className="option-group form-section">
              <legend>{section}</legend>
              {members.map(controls)}
            </fieldset>
          ),
        )}
        {extra}
      </AdminForm>
    </ImageChoicesContext>
  );
}

/**
 * The page of a new item: the breadcrumb back to its list, its title and its form, with what the
 * loader gave (`form`: the values a new item starts with, the choices) or, after a refused post,
 * the values sent and their messages (`refused`).
 */
export function NewItemPage({
  list,
  title,
  fields,
  form,
  refused,
}: {
  list: { label: string; to: string };
  title: string;
  fields: ItemFields;
  form: Pick<ItemFormProps, "values" | "categories" | "library">;
  refused?: { values: ItemFormProps["values"]; errors: Record<string, string> };
}) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[list, { label: title }]} />
      <h1>{title}</h1>
      <ItemForm {...form} fields={fields} values={refused?.values ?? form.values} errors={refused?.errors} cancelTo={list.to} submitLabel="Salva" />
    </section>
  );
}
