import { endpoint } from "~/server/api/http.server";
import { createNewsFromRequest } from "~/server/api/content.server";
import { requireStaffWrite } from "~/server/api/guard.server";
import { listQuery, listResponse, pageOf } from "~/server/api/list.server";
import { wire } from "~/server/api/wire.server";
import { listNews, listNewsPage } from "~/server/news.server";

/** GET api/news/ (public list, newest first; ?q=&page=&size=) and POST api/news/ (staff, multipart). */
const api = endpoint({
  GET: async ({ request }) => {
    const query = listQuery(request);
    const all = await listNews();
    const matching = query.q ? new Set((await listNewsPage({ q: query.q, skip: 0, take: undefined })).rows.map((r) => r.id)) : undefined;
    const { items, total } = pageOf(all, query, matching);
    return listResponse(items.map(wire.news), total);
  },
  POST: async ({ request }) => createNewsFromRequest(request, await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
