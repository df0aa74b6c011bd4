import { data, redirect } from "react-router";
import type { Route } from "./+types/news-create";
import { Breadcrumb } from "~/components/admin/ListControls";
import { ItemForm } from "~/components/admin/ItemForm";
import { newFormValues } from "~/lib/item-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { newsPath } from "~/lib/paths";
import { categoryChoices } from "~/server/domain/categories.server";
import { adminForm } from "~/server/http/forms.server";
import { saveNewsForm } from "~/server/http/content-forms.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";

const NEWS_LIST = "/admin/newsList";

export async function loader() {
  // A new item is published at once unless staff choose otherwise; its date is today.
  return { values: newFormValues(NEWS_FIELDS), categories: await categoryChoices("news"), library: await libraryChoices() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { values, result } = await saveNewsForm(await adminForm(request), null, staffFrom(context));
  if (!result.ok) return data({ errors: result.errors, values }, { status: result.status === 404 ? 400 : result.status });
  return redirect(newsPath(result.item.slug));
}

export default function NewsCreate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie", to: NEWS_LIST }, { label: "Nuova notizia" }]} />
      <h1>Nuova notizia</h1>
      <ItemForm
        fields={NEWS_FIELDS}
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors}
        categories={loaderData.categories}
        library={loaderData.library}
        cancelTo={NEWS_LIST}
        submitLabel="Salva"
      />
    </section>
  );
}
