import type { Route } from "./+types/category-list";
import { categoryTypeLabel } from "~/lib/category-types";
import { AdminListPage } from "~/components/admin/AdminListPage";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { listCategories } from "~/server/domain/categories.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const { rows, total } = await listCategories({ filter: { q: params.q }, ...pageOf(params), order: "newest" });
  return { rows, state: listState(url, params, total) };
}

export default function CategoryList({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      {...loaderData}
      title="Categorie"
      add={{ href: "/admin/categoryCreate", label: "Aggiungi categoria" }}
      searchPlaceholder="Cerca categorie"
      emptyText="Nessuna categoria trovata."
      columns={[
        { header: "Nome", cell: (c) => c.name },
        { header: "Nome (inglese)", cell: (c) => c.nameEng },
        { header: "Tipo", cell: (c) => categoryTypeLabel(c.type) },
      ]}
      actions={{
        editHref: (c) => `/admin/categoryList/${c.id}`,
        editLabel: (c) => `Modifica la categoria ${c.name}`,
        deleteHref: (c) => `/admin/categoryList/${c.id}/delete`,
        deleteLabel: (c) => `Elimina la categoria ${c.name}`,
        deleteQuestion: "Sei sicuro di voler eliminare questa categoria?",
      }}
    />
  );
}
