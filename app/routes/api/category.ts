import { CATEGORY_TYPES, type CategoryType } from "~/lib/category-types";
import { ApiError, checkTypes, endpoint, firstError, json, readJsonObject } from "~/server/api/http.server";
import { requireStaffWrite } from "~/server/api/guard.server";
import { listQuery, listResponse, pageOf } from "~/server/api/list.server";
import { CATEGORY_FIELDS, wire } from "~/server/api/wire.server";
import { createCategory, listCategories, listCategoriesPage, parseCategoryInput } from "~/server/categories.server";

/** GET api/category/ (public; ?type=, ?q=&page=&size=) and POST api/category/ (staff, JSON). */
const api = endpoint({
  GET: async ({ request }) => {
    const url = new URL(request.url);
    const type = url.searchParams.get("type");
    if (type && !(CATEGORY_TYPES as readonly string[]).includes(type)) {
      throw new ApiError(400, `Tipo di categoria non valido: usa uno di ${CATEGORY_TYPES.join(", ")}.`);
    }
    const query = listQuery(request);
    const all = await listCategories((type || undefined) as CategoryType | undefined);
    const matching = query.q ? new Set((await listCategoriesPage({ q: query.q, skip: 0, take: undefined })).rows.map((r) => r.id)) : undefined;
    const { items, total } = pageOf(all, query, matching);
    return listResponse(items.map(wire.category), total);
  },
  POST: async ({ request }) => {
    const user = await requireStaffWrite(request);
    const body = await readJsonObject(request);
    checkTypes(body, CATEGORY_FIELDS);
    const parsed = parseCategoryInput(body);
    if (!parsed.ok) throw new ApiError(400, firstError(parsed.errors), { errors: parsed.errors });
    return json(wire.category(await createCategory(parsed.data, user)), 201);
  },
});

export const loader = api.loader;
export const action = api.action;
