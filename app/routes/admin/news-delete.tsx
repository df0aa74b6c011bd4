import { redirect } from "react-router";
import type { Route } from "./+types/news-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { deleteNews, getNewsBySlug } from "~/server/domain/news.server";
import { staffFrom } from "~/server/domain/session.server";

const LIST = "/admin/newsList";

export async function loader({ params }: Route.LoaderArgs) {
  const news = await getNewsBySlug(params.slugNews);
  if (!news) throw redirect(`${LIST}?avviso=non-trovato`);
  return { title: news.title };
}

export async function action({ params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const news = await getNewsBySlug(params.slugNews);
  if (!news || !(await deleteNews(news.id, user))) throw redirect(`${LIST}?avviso=non-trovato`);
  return redirect(`${LIST}?avviso=eliminato`);
}

export default function NewsDelete({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie", to: LIST }, { label: "Elimina" }]} />
      <ConfirmDelete title={`Elimina la notizia "${loaderData.title}"`} question="Sei sicuro di voler eliminare questa notizia?" cancelTo={LIST} />
    </section>
  );
}
