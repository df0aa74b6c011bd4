import { Link, redirect } from "react-router";
import type { Route } from "./+types/news-edit";
import { Breadcrumb, SavedNotice } from "~/components/admin/ListControls";
import { ItemForm } from "~/components/admin/ItemForm";
import { savedFormValues } from "~/lib/item-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { categoryChoices } from "~/server/domain/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { newsPath } from "~/lib/paths";
import { backToEditPage, formRefusal, savedNotice, saveNewsForm } from "~/server/http/content-forms.server";
import { getNewsBySlug } from "~/server/domain/news.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";
import { PreviewLinks } from "~/components/admin/PreviewLinks";
import { previewLinkIntent, previewLinkRows } from "~/server/http/preview.server";
import { isVisibleToVisitors } from "~/server/storage/publication.server";

// SPEC.md 4 sends a failed load to /admin/categoryData, which does not exist (docs/spec-notes.md).
const NOT_FOUND = "/admin/newsList?avviso=non-trovato";

export async function loader({ params, request }: Route.LoaderArgs) {
  const news = await getNewsBySlug(params.slugNews);
  if (!news) throw redirect(NOT_FOUND);
  return {
    news,
    categories: await categoryChoices("news"),
    values: savedFormValues(NEWS_FIELDS, news),
    previewLinks: await previewLinkRows("news", news.id),
    library: await libraryChoices(),
    // Only what visitors see can go out as a newsletter (issue 37).
    published: isVisibleToVisitors(news),
    ...savedNotice(request, newsPath(news.slug), news),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const current = await getNewsBySlug(params.slugNews);
  if (!current) throw redirect(NOT_FOUND);
  const form = await adminForm(request);
  const previewAnswer = await previewLinkIntent(request, form, "news", current.id, user);
  if (previewAnswer) return previewAnswer;
  const { values, result } = await saveNewsForm(form, current, user);
  if (!result.ok) {
    if (result.status === 404) throw redirect(NOT_FOUND);
    return formRefusal(result, values, form);
  }
  return backToEditPage(`/admin/newsList/${result.item.slug}`);
}

export default function NewsEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { news, categories, previewLinks, notice, publicPage } = loaderData;
  const refused = actionData && "values" in actionData ? actionData : null;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie", to: "/admin/newsList" }, { label: news.title }]} />
      <div className="admin-page__head">
        <h1>Modifica notizia</h1>
        <Link className="button button--ghost" to={`/admin/newsList/${news.slug}/history`}>
          Cronologia
        </Link>
        {loaderData.published ? (
          <Link className="button button--ghost" to={`/admin/newsList/${news.slug}/newsletter`}>
            Invia come newsletter
          </Link>
        ) : null}
      </div>
      <SavedNotice notice={notice} publicPage={publicPage} />
      <ItemForm
        fields={NEWS_FIELDS}
        values={refused?.values ?? loaderData.values}
        errors={refused?.errors}
        categories={categories}
        image={news.image}
        lists={{ attachments: news.attachments }}
        library={loaderData.library}
        cancelTo="/admin/newsList"
        submitLabel="Salva modifiche"
      />
      <PreviewLinks links={previewLinks} created={actionData && "previewLink" in actionData ? actionData.previewLink : null} />
    </section>
  );
}
