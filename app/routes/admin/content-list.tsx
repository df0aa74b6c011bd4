import { data, Form, Link, redirect, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/content-list";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { useDragOrder } from "~/components/admin/drag-order";
import { EditIcon } from "~/components/admin/Icons";
import { Placements } from "~/components/admin/Placements";
import { Breadcrumb, MoveButtons, Notice, TableHead } from "~/components/admin/ListControls";
import { FormError } from "~/components/admin/form-fields";
import { CONTENT_FORMS, contentKindLabel, itemSummary } from "~/lib/content-fields";
import { noticeFrom } from "~/lib/list-params";
import { contentList, orderContent } from "~/server/domain/content.server";
import { contentPlacements } from "~/server/views/content-placement.server";
import { staffFrom } from "~/server/domain/session.server";
import { formStrings } from "~/server/http/body.server";
import { adminContentKind } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const kind = adminContentKind(params.name);
  const items = await contentList(kind);
  const placements = await contentPlacements(kind, items);
  return {
    kind,
    label: contentKindLabel(kind),
    placed: placements !== null,
    rows: items.map((item, index) => ({ id: item.id, summary: itemSummary(CONTENT_FORMS[kind], item), placements: placements?.[index] ?? [] })),
    notice: noticeFrom(new URL(request.url)),
  };
}

/** Up/down (a native post per button) and the drag-and-drop order (`ids`, sent by script). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const kind = adminContentKind(params.name);
  const form = formStrings(await adminForm(request));
  const id = Number(form.id);
  const order =
    form.intent === "order" ? { ids: (form.ids ?? "").split(",").map(Number) } : { id, move: form.move === "up" ? ("up" as const) : ("down" as const) };
  const result = await orderContent(kind, order, staffFrom(context));
  if (!result.ok) return data({ error: result.errors.form ?? "Ordine non valido" }, { status: result.status });
  return redirect(`/admin/content/${kind}?avviso=salvato`);
}

export default function ContentList({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, label, placed, rows, notice } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  // With JavaScript the rows can also be dragged: the new order is posted as the ids in order.
  const drag = useDragOrder(rows, (ids) => void submit({ intent: "order", ids: ids.join(",") }, { method: "post" }));
  const base = `/admin/content/${kind}`;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label }]} />
      <div className="admin-page__head">
        <h1>{label}</h1>
        <Link className="button button--ghost" to={`${base}/history`}>
          Cronologia
        </Link>
        <Link className="button button--primary" to={`${base}/nuovo`}>
          Aggiungi elemento
        </Link>
      </div>
      <Notice text={notice} />
      <FormError message={actionData?.error} />
      {hydrated && rows.length > 1 ? <p className="field__hint">Trascina le righe per cambiare l'ordine, oppure usa le frecce.</p> : null}
      <table className="admin-table content-list">
        <TableHead headers={placed ? ["N.", "Elemento", "Dove appare", "Ordine"] : ["N.", "Elemento", "Ordine"]} />
        <tbody>
          {drag.order.map((row, index) => (
            <tr
              key={row.id}
              data-id={row.id}
              draggable={hydrated}
              className={drag.dragged === row.id ? "content-list__row content-list__row--dragged" : "content-list__row"}
              onDragStart={drag.start(row.id)}
              onDragOver={drag.over(row.id)}
              onDrop={drag.drop}
              onDragEnd={drag.end}
            >
              <td>{index + 1}</td>
              <td>{row.summary}</td>
              {placed ? (
                <td className="content-list__placements">
                  <Placements places={row.placements} />
                </td>
              ) : null}
              <td className="content-list__order">
                <Form method="post">
                  <input type="hidden" name="id" value={row.id} />
                  <MoveButtons name="move" item={row.summary} first={index === 0} last={index === drag.order.length - 1} className="icon-button" titled />
                </Form>
              </td>
              <td className="admin-table__actions">
                <Link className="icon-button" to={`${base}/${row.id}`} aria-label={`Modifica: ${row.summary}`} title="Modifica">
                  <EditIcon />
                </Link>
                <DeleteLink href={`${base}/${row.id}/delete`} label={`Elimina: ${row.summary}`} question="Sei sicuro di voler eliminare questo elemento?" />
              </td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={placed ? 5 : 4}>Nessun elemento.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
