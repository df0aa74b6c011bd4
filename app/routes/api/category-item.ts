import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { idParam } from "~/lib/ids";
import { patchedBodyValues } from "~/lib/item-fields";
import { ApiError, checkTypes, endpoint, json, noContent, savedItem } from "~/server/http/api/http.server";
import { readJson } from "~/server/http/body.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { CATEGORY_BODY_FIELDS, wire } from "~/server/http/api/wire.server";
import { deleteCategory, getCategory, parseCategoryInput, updateCategory } from "~/server/domain/categories.server";
import { NOT_FOUND_MESSAGE } from "~/lib/form-messages";

/** api/category/{id}: GET (public), PATCH (staff, JSON, partial) and DELETE (staff; 409 while in use). */
const api = endpoint({
  GET: async ({ params }) => {
    const id = idParam(params.id);
    const row = id ? await getCategory(id) : null;
    if (!row) throw new ApiError(404, NOT_FOUND_MESSAGE);
    return json(wire.category(row));
  },
  PATCH: async ({ request, params }) => {
    const user = await requireStaffWrite(request);
    const id = idParam(params.id);
    const current = id ? await getCategory(id) : null;
    if (!id || !current) throw new ApiError(404, NOT_FOUND_MESSAGE);
    const body = await readJson(request);
    checkTypes(body, CATEGORY_BODY_FIELDS);
    const parsed = parseCategoryInput(patchedBodyValues(CATEGORY_FIELDS, current, body));
    const saved = parsed.ok ? await updateCategory(id, parsed.data, user) : parsed;
    return json(wire.category(savedItem(saved)));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireStaffWrite(request);
    const id = idParam(params.id);
    if (!id) throw new ApiError(404, NOT_FOUND_MESSAGE);
    const result = await deleteCategory(id, user);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return noContent();
  },
});

export const loader = api.loader;
export const action = api.action;
