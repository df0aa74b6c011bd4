import { Form } from "react-router";
import { FormActions, FormError } from "./form-fields";

/** The no-JavaScript confirmation of a delete: a POST form with the anti-forgery token. */
export function ConfirmDelete({ title, question, cancelTo, error }: { title: string; question: string; cancelTo: string; error?: string }) {
  return (
    <div className="admin-card confirm-delete">
      <h1>{title}</h1>
      <FormError message={error} />
      <p>{question}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <FormActions cancelTo={cancelTo}>
          <button className="button button--danger" type="submit" disabled={!!error}>
            Elimina
          </button>
        </FormActions>
      </Form>
    </div>
  );
}
