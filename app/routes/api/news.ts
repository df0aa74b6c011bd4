import { endpoint } from "~/server/http/api/http.server";
import { createNewsFromRequest } from "~/server/http/api/content.server";
import { isStaffRequest, requireStaffWrite } from "~/server/http/api/guard.server";
import { listQuery, listResponse } from "~/server/http/api/list.server";
import { wire } from "~/server/http/api/wire.server";
import { listNews, newsSelect } from "~/server/domain/news.server";

/** GET api/news/ (public list, newest first; ?q=&page=&size=) and POST api/news/ (staff, multipart). */
const api = endpoint({
  GET: async ({ request }) => {
    const { q, page, size } = listQuery(request);
    // Staff also see drafts and scheduled items, with their publication (issue 24).
    const staff = await isStaffRequest(request);
    const { rows, total } = await listNews({ filter: { q, audience: staff ? "staff" : "visitors" }, page, size }, newsSelect);
    return listResponse(rows.map(staff ? wire.staffNews : wire.news), total);
  },
  POST: async ({ request }) => createNewsFromRequest(request, await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
