import type { Route } from "./+types/news-create";
import { NewItemPage } from "~/components/admin/ItemForm";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { adminForm } from "~/server/http/forms.server";
import { backToEditPage, formRefusal, newItemForm, saveNewsForm } from "~/server/http/content-forms.server";
import { staffFrom } from "~/server/domain/session.server";

export const loader = () => newItemForm("news");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const { values, result } = await saveNewsForm(form, null, staffFrom(context));
  return result.ok ? backToEditPage(`/admin/newsList/${result.item.slug}`) : formRefusal(result, values, form);
}

export default function NewsCreate({ loaderData, actionData }: Route.ComponentProps) {
  return <NewItemPage list={{ label: "Notizie", to: "/admin/newsList" }} title="Nuova notizia" fields={NEWS_FIELDS} form={loaderData} refused={actionData} />;
}
