import { data, redirect } from "react-router";
import type { Route } from "./+types/category-create";
import { CategoryForm } from "~/components/admin/CategoryForm";
import { Breadcrumb } from "~/components/admin/ListControls";
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
      <CategoryForm values={actionData?.values ?? { name: "", name_eng: "", type: "" }} errors={actionData?.errors} submitLabel="Salva" />
    </section>
  );
}
