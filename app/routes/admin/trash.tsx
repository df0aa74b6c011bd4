import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/trash";
import { Breadcrumb, Notice, TableHead } from "~/components/admin/ListControls";
import { FormError } from "~/components/admin/form-fields";
import { formatDateTime } from "~/lib/format";
import { idParam } from "~/lib/ids";
import { noticeFrom } from "~/lib/list-params";
import { restoreFromTrash } from "~/server/domain/item-restore.server";
import { listTrash, TRASH_KEEP_DAYS, type TrashKind } from "~/server/domain/trash.server";
import { staffFrom } from "~/server/domain/session.server";
import { formStrings } from "~/server/http/body.server";
import { adminForm } from "~/server/http/forms.server";

/**
 * "Cestino" (issue 24): deleted news, compositions and categories, restorable for TRASH_KEEP_DAYS
 * days. "Ripristina" is a native post; "Elimina definitivamente" asks first on a page of its own
 * (trash-purge.tsx), so both work without JavaScript.
 */

const KIND_LABELS: Record<TrashKind, string> = { news: "Notizia", music: "Contenuto musicale", event: "Concerto", category: "Categoria" };

export async function loader({ request }: Route.LoaderArgs) {
  const entries = await listTrash();
  return {
    keepDays: TRASH_KEEP_DAYS,
    notice: noticeFrom(new URL(request.url)),
    rows: entries.map((e) => ({
      id: e.id,
      kind: KIND_LABELS[e.kind],
      title: e.title,
      deleted: formatDateTime(e.deletedAt),
      username: e.username,
      purge: formatDateTime(e.purgeAt),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const id = idParam(formStrings(await adminForm(request)).id);
  const result = id ? await restoreFromTrash(id, user) : null;
  if (!result || (!result.ok && result.status === 404)) throw redirect("/admin/trash?avviso=non-trovato");
  if (!result.ok) return data({ error: Object.values(result.errors)[0] ?? "Ripristino non riuscito." }, { status: result.status });
  return redirect("/admin/trash?avviso=ripristinato");
}

export default function Trash({ loaderData: { keepDays, notice, rows }, actionData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Cestino" }]} />
      <h1>Cestino</h1>
      <p>Gli elementi eliminati restano qui {keepDays} giorni; poi sono eliminati definitivamente insieme ai loro file.</p>
      <Notice text={notice} />
      <FormError message={actionData?.error} />
      <table className="admin-table admin-table--cards">
        <TableHead headers={["Tipo", "Titolo", "Eliminato il", "Da", "Eliminazione definitiva"]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Tipo">{row.kind}</td>
              <td data-label="Titolo">{row.title}</td>
              <td data-label="Eliminato il">{row.deleted}</td>
              <td data-label="Da">{row.username}</td>
              <td data-label="Eliminazione definitiva">{row.purge}</td>
              <td className="admin-table__actions">
                <Form method="post">
                  <input type="hidden" name="id" value={row.id} />
                  <button className="button button--ghost" type="submit" aria-label={`Ripristina "${row.title}"`}>
                    Ripristina
                  </button>
                </Form>
                <Link className="button button--danger" to={`/admin/trash/${row.id}/purge`} aria-label={`Elimina definitivamente "${row.title}"`}>
                  Elimina definitivamente
                </Link>
              </td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6}>Il cestino è vuoto.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
