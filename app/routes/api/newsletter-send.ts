import { idParam } from "~/lib/ids";
import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { requireStaffApi } from "~/server/http/api/guard.server";
import { wire } from "~/server/http/api/wire.server";
import { sendFigures } from "~/server/domain/newsletter-send.server";

/** GET api/newsletter/sends/{id}/ (staff): a send's state and figures (sent, failed, total ...). */
const api = endpoint({
  GET: async ({ request, params }) => {
    await requireStaffApi(request);
    const id = idParam(params.id);
    const send = id ? await sendFigures(id) : null;
    if (!send) throw new ApiError(404, "Invio non trovato.");
    return json(wire.newsletterSend(send));
  },
});

export const loader = api.loader;
export const action = api.action;
