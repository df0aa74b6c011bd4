import { endpoint } from "~/server/api/http.server";
import { createNewsFromRequest } from "~/server/api/content.server";
import { requireStaffWrite } from "~/server/api/guard.server";
import { listQuery, listResponse } from "~/server/api/list.server";
import { wire } from "~/server/api/wire.server";
import { listNews, newsSelect } from "~/server/news.server";

/** GET api/news/ (public list, newest first; ?q=&page=&size=) and POST api/news/ (staff, multipart). */
const api = endpoint({
  GET: async ({ request }) => {
    const { q, page, size } = listQuery(request);
    const { rows, total } = await listNews({ filter: { q }, page, size }, newsSelect);
    return listResponse(rows.map(wire.news), total);
  },
  POST: async ({ request }) => createNewsFromRequest(request, await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
