import { CATEGORY_TYPES, isCategoryType } from "~/lib/category-types";
import { ApiError, checkTypes, endpoint, json, savedItem } from "~/server/http/api/http.server";
import { readJson } from "~/server/http/body.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { listQuery, listResponse } from "~/server/http/api/list.server";
import { CATEGORY_BODY_FIELDS, wire } from "~/server/http/api/wire.server";
import { createCategory, listCategories, parseCategoryInput } from "~/server/domain/categories.server";

/** GET api/category/ (public; ?type=, ?q=&page=&size=) and POST api/category/ (staff, JSON). */
const api = endpoint({
  GET: async ({ request }) => {
    const type = new URL(request.url).searchParams.get("type") || undefined;
    if (type !== undefined && !isCategoryType(type)) {
      throw new ApiError(400, `Tipo di categoria non valido: usa uno di ${CATEGORY_TYPES.join(", ")}.`);
    }
    const { q, page, size } = listQuery(request);
    const { rows, total } = await listCategories({ filter: { type, q }, page, size });
    return listResponse(rows.map(wire.category), total);
  },
  POST: async ({ request }) => {
    const user = await requireStaffWrite(request);
    const body = await readJson(request);
    checkTypes(body, CATEGORY_BODY_FIELDS);
    const parsed = parseCategoryInput(body);
    const saved = parsed.ok ? await createCategory(parsed.data, user) : parsed;
    return json(wire.category(savedItem(saved)), 201);
  },
});

export const loader = api.loader;
export const action = api.action;
