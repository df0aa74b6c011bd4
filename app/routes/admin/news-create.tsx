import { data, redirect } from "react-router";
import type { Route } from "./+types/news-create";
import { Breadcrumb } from "~/components/admin/ListControls";
import { NewsForm } from "~/components/admin/NewsForm";
import { todayIso } from "~/lib/format";
import { categoryChoices } from "~/server/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { createNews, newsFilesFromForm, newsValuesFrom, parseNewsInput } from "~/server/news.server";
import { staffFrom } from "~/server/session.server";

export async function loader() {
  return { categories: await categoryChoices("news"), today: todayIso() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const form = await adminForm(request);
  const raw = Object.fromEntries(form);
  const parsed = parseNewsInput(raw);
  if (!parsed.ok) return data({ errors: parsed.errors, values: newsValuesFrom(raw) }, { status: 400 });
  const result = await createNews(parsed.data, newsFilesFromForm(form, []), user);
  if (!result.ok) return data({ errors: result.errors, values: newsValuesFrom(raw) }, { status: result.status === 404 ? 400 : result.status });
  return redirect(`/news/${encodeURIComponent(result.item.slug)}`);
}

export default function NewsCreate({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? { category: "", title: "", title_eng: "", description: "", description_eng: "", date: loaderData.today };
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie", to: "/admin/newsList" }, { label: "Nuova notizia" }]} />
      <h1>Nuova notizia</h1>
      <NewsForm values={values} errors={actionData?.errors} categories={loaderData.categories} image={null} attachments={[]} submitLabel="Salva" />
    </section>
  );
}
