import { idParam } from "~/lib/ids";
import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { requireStaffApi } from "~/server/http/api/guard.server";
import { findUser } from "~/server/http/api/lookup.server";
import { wire } from "~/server/http/api/wire.server";

/** GET api/user/{id} (staff). */
const api = endpoint({
  GET: async ({ request, params }) => {
    await requireStaffApi(request);
    const id = idParam(params.id);
    const user = id ? await findUser(id) : null;
    if (!user) throw new ApiError(404, "Utente non trovato");
    return json(wire.user(user));
  },
});

export const loader = api.loader;
export const action = api.action;
