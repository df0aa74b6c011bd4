import { endpoint } from "~/server/http/api/http.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { historyKind, restoreFromTrashResponse } from "~/server/http/api/history.server";

/** POST api/{news|music}/{id}/restore/ (staff): a deleted item back out of the trash. */
const api = endpoint({
  POST: async ({ request, params }) => restoreFromTrashResponse(historyKind(request), params.id ?? "", await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
