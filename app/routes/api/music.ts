import { endpoint } from "~/server/api/http.server";
import { createMusicFromRequest } from "~/server/api/content.server";
import { requireStaffWrite } from "~/server/api/guard.server";
import { listQuery, listResponse } from "~/server/api/list.server";
import { wire } from "~/server/api/wire.server";
import { listMusic, musicSelect } from "~/server/music.server";

/** GET api/music/ (public list, newest first; ?q=&page=&size=) and POST api/music/ (staff, multipart). */
const api = endpoint({
  GET: async ({ request }) => {
    const { q, page, size } = listQuery(request);
    const { rows, total } = await listMusic({ filter: { q }, page, size }, musicSelect);
    return listResponse(rows.map(wire.music), total);
  },
  POST: async ({ request }) => createMusicFromRequest(request, await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
