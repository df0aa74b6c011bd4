import { endpoint } from "~/server/api/http.server";
import { createMusicFromRequest } from "~/server/api/content.server";
import { requireStaffWrite } from "~/server/api/guard.server";
import { listQuery, listResponse, pageOf } from "~/server/api/list.server";
import { wire } from "~/server/api/wire.server";
import { listMusic, listMusicPage } from "~/server/music.server";

/** GET api/music/ (public list, newest first; ?q=&page=&size=) and POST api/music/ (staff, multipart). */
const api = endpoint({
  GET: async ({ request }) => {
    const query = listQuery(request);
    const all = await listMusic();
    const matching = query.q ? new Set((await listMusicPage({ q: query.q, skip: 0, take: undefined })).rows.map((r) => r.id)) : undefined;
    const { items, total } = pageOf(all, query, matching);
    return listResponse(items.map(wire.music), total);
  },
  POST: async ({ request }) => createMusicFromRequest(request, await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
