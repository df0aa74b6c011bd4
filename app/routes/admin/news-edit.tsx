import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/news-edit";
import { Breadcrumb } from "~/components/admin/ListControls";
import { NewsForm } from "~/components/admin/NewsForm";
import { categoryChoices } from "~/server/domain/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { newsPath } from "~/lib/paths";
import { newsForm, refusePastSchedule, withFilesToChooseAgain } from "~/server/http/content-forms.server";
import { getNewsBySlug, parseNewsInput, saveNews } from "~/server/domain/news.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";
import { PreviewLinks } from "~/components/admin/PreviewLinks";
import { publicationFormValues } from "~/lib/publication-labels";
import { previewLinkIntent, previewLinkRows } from "~/server/http/preview.server";

// SPEC.md 4 sends a failed load to /admin/categoryData, which does not exist (docs/spec-notes.md).
const NOT_FOUND = "/admin/newsList?avviso=non-trovato";

export async function loader({ params }: Route.LoaderArgs) {
  const news = await getNewsBySlug(params.slugNews);
  if (!news) throw redirect(NOT_FOUND);
  return {
    news,
    categories: await categoryChoices("news"),
    publication: publicationFormValues(news.status, news.publishAt?.toISOString() ?? ""),
    previewLinks: await previewLinkRows("news", news.id),
    library: await libraryChoices(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const current = await getNewsBySlug(params.slugNews);
  if (!current) throw redirect(NOT_FOUND);
  const form = await adminForm(request);
  const previewAnswer = await previewLinkIntent(request, form, "news", current.id, user);
  if (previewAnswer) return previewAnswer;
  const { values, files } = newsForm(form, current.attachments);
  const parsed = refusePastSchedule(parseNewsInput(values), values);
  const result = parsed.ok ? await saveNews(current, parsed.data, files, user) : parsed;
  if (!result.ok) {
    if (result.status === 404) throw redirect(NOT_FOUND);
    return data({ errors: withFilesToChooseAgain(result.errors, form), values }, { status: result.status });
  }
  return redirect(newsPath(result.item.slug));
}

export default function NewsEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { news, categories, publication, previewLinks } = loaderData;
  const refused = actionData && "values" in actionData ? actionData : null;
  const values = refused?.values ?? {
    category: String(news.category.id),
    title: news.title,
    title_eng: news.titleEng,
    description: news.description,
    description_eng: news.descriptionEng,
    date: news.date,
    ...publication,
  };
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie", to: "/admin/newsList" }, { label: news.title }]} />
      <div className="admin-page__head">
        <h1>Modifica notizia</h1>
        <Link className="button button--ghost" to={`/admin/newsList/${news.slug}/history`}>
          Cronologia
        </Link>
      </div>
      <NewsForm
        values={values}
        errors={refused?.errors}
        categories={categories}
        image={news.image}
        attachments={news.attachments}
        library={loaderData.library}
        submitLabel="Salva modifiche"
      />
      <PreviewLinks links={previewLinks} created={actionData && "previewLink" in actionData ? actionData.previewLink : null} />
    </section>
  );
}
