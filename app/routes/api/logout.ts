import { signOut } from "~/server/domain/auth.server";
import { endpoint, json } from "~/server/http/api/http.server";
import { requireCsrf } from "~/server/http/api/guard.server";

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
