import { redirect } from "react-router";
import type { Route } from "./+types/content-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { CONTENT_FORMS, contentKindLabel, itemSummary } from "~/lib/content-fields";
import { contentList, deleteContentItem } from "~/server/domain/content.server";
import { staffFrom } from "~/server/domain/session.server";
import { adminContentId, adminContentKind } from "~/server/http/content-forms.server";

export async function loader({ params }: Route.LoaderArgs) {
  const kind = adminContentKind(params.name);
  const id = adminContentId(params.idItem);
  const item = (await contentList(kind)).find((i) => i.id === id);
  if (!item) throw redirect(`/admin/content/${kind}?avviso=non-trovato`);
  return { kind, label: contentKindLabel(kind), summary: itemSummary(CONTENT_FORMS[kind], item) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const kind = adminContentKind(params.name);
  const id = adminContentId(params.idItem);
  const deleted = typeof id === "number" && (await deleteContentItem(kind, id, staffFrom(context)));
  return redirect(`/admin/content/${kind}?avviso=${deleted ? "eliminato" : "non-trovato"}`);
}

export default function ContentDelete({ loaderData: { kind, label, summary } }: Route.ComponentProps) {
  const list = `/admin/content/${kind}`;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label, to: list }, { label: "Elimina" }]} />
      <ConfirmDelete title={`Elimina "${summary}"`} question="Sei sicuro di voler eliminare questo elemento?" cancelTo={list} />
    </section>
  );
}
