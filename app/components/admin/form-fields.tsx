import { Children, cloneElement, isValidElement, useEffect, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { REQUIRED_MESSAGE } from "~/lib/form-messages";
import type { PairRequired } from "~/lib/item-fields";

/**
 * The message above a refused form: "fill in the required fields" only when a required field is
 * empty; otherwise the first field's own message (a wrong URL, an image format); each field shows its own too.
 */
function formErrorMessage(errors: Record<string, string | undefined> | undefined): string | null {
  if (!errors) return null;
  if (errors.form) return errors.form;
  const messages = Object.values(errors).filter((m): m is string => Boolean(m));
  if (messages.length === 0) return null;
  if (messages.includes(REQUIRED_MESSAGE)) return REQUIRED_MESSAGE;
  return messages[0] ?? null;
}

/**
 * The message beside a field. The domain modules say "a required field is empty" the same way for
 * every field (and the form's summary above says it once); beside the field it names the field and
 * what to do, so staff know which one and why without reading the form again.
 */
function fieldMessage(error: string, label: string, control: ReactNode): string {
  if (error !== REQUIRED_MESSAGE) return error;
  const elements = Children.toArray(control).filter(isValidElement<{ type?: string }>);
  const isChoice = elements.some((element) => element.type === "select");
  const isFile = elements.some((element) => element.type === "input" && element.props.type === "file");
  const action = isChoice ? "scegli una voce dell'elenco" : isFile ? "scegli un file" : "compilalo";
  return `Il campo «${label}» è obbligatorio: ${action}.`;
}

/**
 * A field's error until staff change the field (it no longer describes what is there); the next
 * submission shows whatever the server answers again. Without JavaScript it stays until the post.
 */
function useFieldError(error: string | undefined) {
  const navigationDone = useNavigation().state === "idle";
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (navigationDone) setChanged(false);
  }, [navigationDone, error]);
  return { shown: changed ? undefined : error, onChange: () => setChanged(true) };
}

/** The attributes that tie a control to its field's hint and error message (read out by screen readers). */
type ControlDescription = { "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * One labelled form control with its hint and error. With `htmlFor`, the control of that id (a
 * direct child) gets `aria-invalid` and `aria-describedby` pointing at the hint and the error, so a
 * refused field is announced with its message, with or without JavaScript.
 */
export function Field({
  label,
  error: refusal,
  children,
  required,
  hint,
  htmlFor,
}: {
  htmlFor?: string;
  label: string;
  error?: string;
  children: ReactNode;
  required?: boolean;
  hint?: string;
}) {
  const { shown: error, onChange } = useFieldError(refusal && fieldMessage(refusal, label, children));
  const hintId = htmlFor && hint ? `${htmlFor}-hint` : undefined;
  const errorId = htmlFor && error ? `${htmlFor}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");
  const description: ControlDescription = {
    ...(error ? { "aria-invalid": true } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
  const controls = htmlFor
    ? Children.map(children, (child) =>
        isValidElement<{ id?: string } & ControlDescription>(child) && child.props.id === htmlFor ? cloneElement(child, description) : child,
      )
    : children;
  return (
    // onChange and onInput bubble from the field's own controls (text, select, file, checkbox).
    <div className={error ? "field field--invalid" : "field"} onChange={onChange} onInput={onChange}>
      {htmlFor ? (
        <label className="field__label" htmlFor={htmlFor}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      ) : (
        <span className="field__label">
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </span>
      )}
      {controls}
      {hint ? (
        <small className="field__hint" id={hintId}>
          {hint}
        </small>
      ) : null}
      {error ? (
        <small className="field__error" id={errorId}>
          {error}
        </small>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/**
 * The frame of every admin form: a native post (it works without JavaScript), the form-level
 * error, the fields, then save (disabled while saving) and cancel back to the list.
 *
 * `innerSubmits`: the fields hold submit buttons of their own («Aggiungi opera», «Aggiungi riga»).
 * Enter in a text field presses the form's default button, the first submit button in tree order
 * (HTML's implicit submission), which would then be one of those: a copy of the save button comes
 * first, hidden from sight, from the keyboard's tab order and from assistive technologies.
 */
export function AdminForm({
  errors,
  submitLabel,
  cancelTo,
  multipart = false,
  innerSubmits = false,
  children,
}: {
  errors?: Record<string, string>;
  submitLabel: string;
  cancelTo: string;
  multipart?: boolean;
  innerSubmits?: boolean;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className="admin-form" noValidate>
      {innerSubmits ? (
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={busy}>
          {submitLabel}
        </button>
      ) : null}
      {/* A refused enhanced post keeps the chosen files on the page; a native one does not (withFilesToChooseAgain). */}
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <FormError message={formErrorMessage(errors)} />
      {children}
      <FormActions cancelTo={cancelTo}>
        <button className="button button--primary" type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </FormActions>
    </Form>
  );
}

/** The buttons under a form: its own (save, delete), then cancel back to where the staff came from. */
export function FormActions({ cancelTo, children }: { cancelTo: string; children: ReactNode }) {
  return (
    <div className="form-actions">
      {children}
      <Link className="button button--ghost" to={cancelTo}>
        Annulla
      </Link>
    </div>
  );
}

/** A one-line text and its English twin (`name`, `name_eng`), as every bilingual form has them. */
export function BilingualTextFields({
  name,
  label,
  values,
  errors,
  maxLength,
  required,
}: {
  name: string;
  label: string;
  values: Readonly<Record<string, string>>;
  errors?: Record<string, string>;
  maxLength: number;
  /** "italian": the English field may stay empty, English pages then show the Italian text. */
  required: PairRequired;
}) {
  const english = `${name}_eng`;
  const italianRequired = required !== "neither";
  const englishRequired = required === "both";
  return (
    <>
      <Field label={label} htmlFor={name} required={italianRequired} error={errors?.[name]}>
        <input type="text" id={name} name={name} defaultValue={values[name]} required={italianRequired} maxLength={maxLength} />
      </Field>
      <Field
        label={`${label} (inglese)`}
        htmlFor={english}
        required={englishRequired}
        error={errors?.[english]}
        hint={required === "italian" ? `Facoltativo: se vuoto, le pagine in inglese mostrano il campo «${label}».` : undefined}
      >
        <input type="text" id={english} name={english} defaultValue={values[english]} required={englishRequired} maxLength={maxLength} />
      </Field>
    </>
  );
}

/**
 * A one-button native post (it works without JavaScript): `intent` says what the page's action does,
 * the hidden `fields` name what it does it to.
 */
export function IntentForm({
  intent,
  fields = {},
  className,
  label,
}: {
  intent: string;
  fields?: Readonly<Record<string, string | number>>;
  className?: string;
  label: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button className="button button--ghost" type="submit">
        {label}
      </button>
    </Form>
  );
}
