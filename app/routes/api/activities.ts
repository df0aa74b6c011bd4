import { endpoint } from "~/server/http/api/http.server";
import { requireStaffApi } from "~/server/http/api/guard.server";
import { listQuery, listResponse } from "~/server/http/api/list.server";
import { wire } from "~/server/http/api/wire.server";
import { listActivities } from "~/server/domain/activity.server";

/** GET api/activities/ (staff): the activity log, newest first; ?q=&page=&size=. */
const api = endpoint({
  GET: async ({ request }) => {
    await requireStaffApi(request);
    const { q, page, size } = listQuery(request);
    const { rows, total } = await listActivities({ filter: { q }, page, size });
    return listResponse(rows.map(wire.activity), total);
  },
});

export const loader = api.loader;
export const action = api.action;
