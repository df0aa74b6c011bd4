import { logActivity } from "~/server/activity.server";
import { endpoint, json } from "~/server/api/http.server";
import { requireCsrf } from "~/server/api/guard.server";
import { db } from "~/server/db.server";
import { destroyUserSession, getOptionalUser } from "~/server/session.server";

/**
 * POST api/logout/: deletes the session row (a replayed cookie then finds nothing), clears the
 * cookie and logs the sign-out. Idempotent: without a session it answers 200 too.
 */
const api = endpoint({
  POST: async ({ request }) => {
    requireCsrf(request);
    const user = await getOptionalUser(request);
    const setCookie = await destroyUserSession(request);
    if (user) {
      // Same row as the /logout page writes (routes/logout.tsx); see the report: a shared signOut()
      // in session.server.ts would keep this description in one place.
      await db.$transaction(async (tx) => {
        await logActivity(tx, user, `Uscita effettuata da "${user.username}"`);
      });
    }
    return json({ success: true }, 200, { "Set-Cookie": setCookie });
  },
});

export const loader = api.loader;
export const action = api.action;
