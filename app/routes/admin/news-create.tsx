import { data, redirect } from "react-router";
import type { Route } from "./+types/news-create";
import { Breadcrumb } from "~/components/admin/ListControls";
import { NewsForm } from "~/components/admin/NewsForm";
import { todayIso } from "~/lib/format";
import { categoryChoices } from "~/server/domain/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { newsPath } from "~/lib/paths";
import { newsForm, refusePastSchedule, withFilesToChooseAgain } from "~/server/http/content-forms.server";
import { parseNewsInput, saveNews } from "~/server/domain/news.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";

/** A new item is published at once unless staff choose otherwise. */
const NEW_PUBLICATION = { publication: "ora" as const, publish_at_local: "" };

export async function loader() {
  return { categories: await categoryChoices("news"), today: todayIso(), library: await libraryChoices() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const form = await adminForm(request);
  const { values, files } = newsForm(form, []);
  const parsed = refusePastSchedule(parseNewsInput(values), values);
  const result = parsed.ok ? await saveNews(null, parsed.data, files, user) : parsed;
  if (!result.ok) return data({ errors: withFilesToChooseAgain(result.errors, form), values }, { status: result.status === 404 ? 400 : result.status });
  return redirect(newsPath(result.item.slug));
}

export default function NewsCreate({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? {
    category: "",
    title: "",
    title_eng: "",
    description: "",
    description_eng: "",
    date: loaderData.today,
    ...NEW_PUBLICATION,
  };
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie", to: "/admin/newsList" }, { label: "Nuova notizia" }]} />
      <h1>Nuova notizia</h1>
      <NewsForm
        values={values}
        errors={actionData?.errors}
        categories={loaderData.categories}
        image={null}
        attachments={[]}
        library={loaderData.library}
        submitLabel="Salva"
      />
    </section>
  );
}
