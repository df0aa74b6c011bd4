import { data, redirect } from "react-router";
import type { Route } from "./+types/category-edit";
import { ItemForm } from "~/components/admin/ItemForm";
import { Breadcrumb } from "~/components/admin/ListControls";
import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { savedFormValues } from "~/lib/item-fields";
import { categoryValuesFrom, getCategory, parseCategoryInput, updateCategory } from "~/server/domain/categories.server";
import { formStrings } from "~/server/http/body.server";
import { adminForm } from "~/server/http/forms.server";
import { staffFrom } from "~/server/domain/session.server";
import { idParam } from "~/lib/ids";

const NOT_FOUND = "/admin/categoryList?avviso=non-trovato";

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.idCategory);
  const category = id ? await getCategory(id) : null;
  // SPEC.md 4 sends a failed load to /admin/categoryData, which does not exist (docs/spec-notes.md).
  if (!category) throw redirect(NOT_FOUND);
  return { category };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const id = idParam(params.idCategory);
  if (!id) throw redirect(NOT_FOUND);
  const values = categoryValuesFrom(formStrings(await adminForm(request)));
  const parsed = parseCategoryInput(values);
  const saved = parsed.ok ? await updateCategory(id, parsed.data, user) : parsed;
  if (!saved.ok && saved.status === 404) throw redirect(NOT_FOUND);
  if (!saved.ok) return data({ errors: saved.errors, values }, { status: saved.status });
  return redirect("/admin/categoryList");
}

export default function CategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { category } = loaderData;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Categorie", to: "/admin/categoryList" }, { label: category.name }]} />
      <h1>Modifica categoria</h1>
      <ItemForm
        fields={CATEGORY_FIELDS}
        values={actionData?.values ?? savedFormValues(CATEGORY_FIELDS, category)}
        errors={actionData?.errors}
        cancelTo="/admin/categoryList"
        submitLabel="Salva modifiche"
      />
    </section>
  );
}
