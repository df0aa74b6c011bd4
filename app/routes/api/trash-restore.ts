import { endpoint } from "~/server/http/api/http.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { restoreFromTrashResponse, trashKind } from "~/server/http/api/history.server";

/** POST api/{news|music|category}/{id}/restore/ (staff): a deleted item back out of the trash. */
const api = endpoint({
  POST: async ({ request, params }) => restoreFromTrashResponse(trashKind(request), params.id ?? "", await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
