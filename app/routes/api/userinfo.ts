import { endpoint, json } from "~/server/http/api/http.server";
import { findUser } from "~/server/http/api/lookup.server";
import { wire } from "~/server/http/api/wire.server";
import { getOptionalUser } from "~/server/domain/session.server";

/**
 * GET api/userinfo/: a list whose first element is the signed-in user; [] (200) for anonymous, as
 * the original client expects. Also where a client first gets its csrftoken cookie.
 */
const api = endpoint({
  GET: async ({ request }) => {
    const session = await getOptionalUser(request);
    const user = session ? await findUser(session.id) : null;
    return json(user ? [wire.user(user)] : []);
  },
});

export const loader = api.loader;
export const action = api.action;
