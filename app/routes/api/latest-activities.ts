import { endpoint, json } from "~/server/http/api/http.server";
import { requireStaffApi } from "~/server/http/api/guard.server";
import { wire } from "~/server/http/api/wire.server";
import { listActivities } from "~/server/domain/activity.server";

const LATEST_ACTIVITIES = 10;

/** GET api/latest-activities/ (staff): the newest activity rows (a plain list). */
const api = endpoint({
  GET: async ({ request }) => {
    await requireStaffApi(request);
    return json((await listActivities({ size: LATEST_ACTIVITIES })).rows.map(wire.activity));
  },
});

export const loader = api.loader;
export const action = api.action;
