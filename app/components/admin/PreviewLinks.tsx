import { Form } from "react-router";
import { IntentForm } from "./form-fields";

export type PreviewLinkRow = { id: number; createdBy: string; expires: string };

/**
 * Issue 24: "Link di anteprima" on an edit page. Creating one shows its address once (only a hash
 * of its token is kept); the live ones are listed, each with "Revoca". Native posts to the edit
 * page's action (intent "preview-link" / "revoke-preview"), so it works without JavaScript.
 */
export function PreviewLinks({ links, created }: { links: PreviewLinkRow[]; created?: { url: string; expires: string } | null }) {
  return (
    <section className="preview-links" aria-labelledby="preview-links-title">
      <h2 id="preview-links-title">Link di anteprima</h2>
      <p>Un link di anteprima mostra questo elemento, anche se bozza o programmato, a chi lo riceve, senza account.</p>
      {created ? (
        <p className="preview-links__created" role="status">
          Nuovo link (valido fino al {created.expires}): <a href={created.url}>{created.url}</a>
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="preview-link" />
        <button className="button" type="submit">
          Crea link di anteprima
        </button>
      </Form>
      {links.length > 0 ? (
        <ul className="preview-links__list">
          {links.map((link) => (
            <li key={link.id}>
              Creato da {link.createdBy}, valido fino al {link.expires}
              <IntentForm intent="revoke-preview" fields={{ link: link.id }} className="preview-links__revoke" label="Revoca" />
            </li>
          ))}
        </ul>
      ) : (
        <p>Nessun link di anteprima attivo.</p>
      )}
    </section>
  );
}
