import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { deleteEventFromRequest, updateEventFromRequest } from "~/server/http/api/content.server";
import { isStaffRequest, requireStaffWrite } from "~/server/http/api/guard.server";
import { isVisibleToVisitors } from "~/server/storage/publication.server";
import { findEvent } from "~/server/http/api/lookup.server";
import { wire } from "~/server/http/api/wire.server";
import { NOT_FOUND_MESSAGE } from "~/lib/form-messages";

/** api/events/{id or slug}: GET (public), PATCH and DELETE (staff). */
const api = endpoint({
  GET: async ({ request, params }) => {
    const item = await findEvent(params.id ?? "");
    if (!item) throw new ApiError(404, NOT_FOUND_MESSAGE);
    if (await isStaffRequest(request)) return json(wire.staffEvent(item));
    // A draft or a scheduled concert does not exist for visitors (storage/publication.server.ts).
    if (!isVisibleToVisitors(item)) throw new ApiError(404, NOT_FOUND_MESSAGE);
    return json(wire.event(item));
  },
  PATCH: async ({ request, params }) => updateEventFromRequest(params.id ?? "", request, await requireStaffWrite(request)),
  DELETE: async ({ request, params }) => deleteEventFromRequest(params.id ?? "", await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
