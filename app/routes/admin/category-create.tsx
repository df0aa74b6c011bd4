import { data, redirect } from "react-router";
import type { Route } from "./+types/category-create";
import { NewItemPage } from "~/components/admin/ItemForm";
import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { newFormValues } from "~/lib/item-fields";
import { categoryValuesFrom, createCategory, parseCategoryInput } from "~/server/domain/categories.server";
import { formStrings } from "~/server/http/body.server";
import { adminForm } from "~/server/http/forms.server";
import { staffFrom } from "~/server/domain/session.server";

export async function action({ request, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const values = categoryValuesFrom(formStrings(await adminForm(request)));
  const parsed = parseCategoryInput(values);
  const saved = parsed.ok ? await createCategory(parsed.data, user) : parsed;
  if (!saved.ok) return data({ errors: saved.errors, values }, { status: saved.status });
  return redirect("/admin/categoryList");
}

export default function CategoryCreate({ actionData }: Route.ComponentProps) {
  return (
    <NewItemPage
      list={{ label: "Categorie", to: "/admin/categoryList" }}
      title="Nuova categoria"
      fields={CATEGORY_FIELDS}
      form={{ values: newFormValues(CATEGORY_FIELDS) }}
      refused={actionData}
    />
  );
}
