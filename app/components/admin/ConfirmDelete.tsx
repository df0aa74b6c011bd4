import { Form, Link } from "react-router";
import { FormError } from "./form-fields";

/** The no-JavaScript confirmation of a delete: a POST form with the anti-forgery token. */
export function ConfirmDelete({ title, question, cancelTo, error }: { title: string; question: string; cancelTo: string; error?: string }) {
  return (
    <div className="admin-card confirm-delete">
      <h1>{title}</h1>
      <FormError message={error} />
      <p>{question}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <div className="form-actions">
          <button className="button button--danger" type="submit" disabled={!!error}>
            Elimina
          </button>
          <Link className="button button--ghost" to={cancelTo}>
            Annulla
          </Link>
        </div>
      </Form>
    </div>
  );
}
