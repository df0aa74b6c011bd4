import { data, redirect } from "react-router";
import type { Route } from "./+types/category-create";
import { ItemForm } from "~/components/admin/ItemForm";
import { Breadcrumb } from "~/components/admin/ListControls";
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
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Categorie", to: "/admin/categoryList" }, { label: "Nuova categoria" }]} />
      <h1>Nuova categoria</h1>
      <ItemForm
        fields={CATEGORY_FIELDS}
        values={actionData?.values ?? newFormValues(CATEGORY_FIELDS)}
        errors={actionData?.errors}
        cancelTo="/admin/categoryList"
        submitLabel="Salva"
      />
    </section>
  );
}
