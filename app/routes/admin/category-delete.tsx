import { data, redirect } from "react-router";
import type { Route } from "./+types/category-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { deleteCategory, getCategory } from "~/server/domain/categories.server";
import { staffFrom } from "~/server/domain/session.server";
import { idParam } from "~/lib/ids";

const LIST = "/admin/categoryList";

/** The confirmation page of a delete without JavaScript. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.idCategory);
  const category = id ? await getCategory(id) : null;
  if (!category) throw redirect(`${LIST}?avviso=non-trovato`);
  return { name: category.name };
}

export async function action({ params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const id = idParam(params.idCategory);
  if (!id) throw redirect(`${LIST}?avviso=non-trovato`);
  const result = await deleteCategory(id, user);
  if (!result.ok) {
    if (result.status === 404) throw redirect(`${LIST}?avviso=non-trovato`);
    return data({ error: result.message }, { status: result.status });
  }
  return redirect(`${LIST}?avviso=eliminato`);
}

export default function CategoryDelete({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Categorie", to: LIST }, { label: "Elimina" }]} />
      <ConfirmDelete
        title={`Elimina la categoria "${loaderData.name}"`}
        question="Sei sicuro di voler eliminare questa categoria?"
        cancelTo={LIST}
        error={actionData?.error}
      />
    </section>
  );
}
