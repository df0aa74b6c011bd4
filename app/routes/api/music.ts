import { endpoint } from "~/server/http/api/http.server";
import { createMusicFromRequest } from "~/server/http/api/content.server";
import { isStaffRequest, requireStaffWrite } from "~/server/http/api/guard.server";
import { listQuery, listResponse } from "~/server/http/api/list.server";
import { wire } from "~/server/http/api/wire.server";
import { listMusic, musicSelect } from "~/server/domain/music.server";

/** GET api/music/ (public list, newest first; ?q=&page=&size=) and POST api/music/ (staff, multipart). */
const api = endpoint({
  GET: async ({ request }) => {
    const { q, page, size } = listQuery(request);
    // Staff also see drafts and scheduled items, with their publication (issue 24).
    const staff = await isStaffRequest(request);
    const { rows, total } = await listMusic({ filter: { q, audience: staff ? "staff" : "visitors" }, page, size }, musicSelect);
    return listResponse(rows.map(staff ? wire.staffMusic : wire.music), total);
  },
  POST: async ({ request }) => createMusicFromRequest(request, await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
