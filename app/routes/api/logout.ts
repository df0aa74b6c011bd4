import { signOut } from "~/server/auth.server";
import { endpoint, json } from "~/server/api/http.server";
import { requireCsrf } from "~/server/api/guard.server";

/**
 * POST api/logout/: deletes the session row (a replayed cookie then finds nothing), clears the
 * cookie and logs the sign-out. Idempotent: without a session it answers 200 too.
 */
const api = endpoint({
  POST: async ({ request }) => {
    requireCsrf(request);
    return json({ success: true }, 200, { "Set-Cookie": await signOut(request) });
  },
});

export const loader = api.loader;
export const action = api.action;
