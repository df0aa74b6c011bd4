import { endpoint } from "~/server/http/api/http.server";
import { requireStaffApi } from "~/server/http/api/guard.server";
import { historyKind, revisionsResponse } from "~/server/http/api/history.server";

/** api/{news|music}/{id}/revisions/ and api/content/{name}/revisions/ (staff): the item's revisions, newest first. */
const api = endpoint({
  GET: async ({ request, params }) => {
    await requireStaffApi(request);
    return revisionsResponse(historyKind(request), params.id ?? params.name ?? "");
  },
});

export const loader = api.loader;
export const action = api.action;
