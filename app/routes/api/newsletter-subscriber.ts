import { idParam } from "~/lib/ids";
import { ApiError, endpoint, noContent } from "~/server/http/api/http.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { deleteSubscriber } from "~/server/domain/newsletter.server";

/** DELETE api/newsletter/subscribers/{id}/ (staff): erasure on request, with its proof of consent. */
const api = endpoint({
  DELETE: async ({ request, params }) => {
    await requireStaffWrite(request);
    const id = idParam(params.id);
    if (!id || !(await deleteSubscriber(id))) throw new ApiError(404, "Iscritto non trovato.");
    return noContent();
  },
});

export const loader = api.loader;
export const action = api.action;
