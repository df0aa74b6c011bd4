/** A public form's message under a refused field, with the id its control's aria-describedby names. */
export function FieldError({ form, name, message }: { form: string; name: string; message: string | undefined }) {
  return message ? (
    <p className="field__error" id={`${form}-${name}-error`}>
      {message}
    </p>
  ) : null;
}
