import { endpoint } from "~/server/http/api/http.server";
import { requireStaffApi } from "~/server/http/api/guard.server";
import { listQuery, listResponse } from "~/server/http/api/list.server";
import { wire } from "~/server/http/api/wire.server";
import { listSubscribers } from "~/server/domain/newsletter.server";

/** GET api/newsletter/subscribers/ (staff): every subscriber, newest sign-up first; ?q=&page=&size= as the news list. */
const api = endpoint({
  GET: async ({ request }) => {
    await requireStaffApi(request);
    const { q, page, size } = listQuery(request);
    const { rows, total } = await listSubscribers({ filter: { q }, page, size });
    return listResponse(rows.map(wire.subscriber), total);
  },
});

export const loader = api.loader;
export const action = api.action;
