import { endpoint } from "~/server/http/api/http.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { historyKind, restoreRevisionResponse } from "~/server/http/api/history.server";

/** POST api/{news|music}/{id}/revisions/{revisionId}/restore/ and api/content/{name}/revisions/{revisionId}/restore/ (staff). */
const api = endpoint({
  POST: async ({ request, params }) => {
    const user = await requireStaffWrite(request);
    const publication = new URL(request.url).searchParams.get("restore_publication") === "1" ? "revision" : "keep";
    return restoreRevisionResponse(historyKind(request), params.id ?? params.name ?? "", params.revisionId ?? "", user, publication);
  },
});

export const loader = api.loader;
export const action = api.action;
