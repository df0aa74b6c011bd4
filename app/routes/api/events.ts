import { endpoint } from "~/server/http/api/http.server";
import { createEventFromRequest } from "~/server/http/api/content.server";
import { isStaffRequest, requireStaffWrite } from "~/server/http/api/guard.server";
import { listQuery, listResponse } from "~/server/http/api/list.server";
import { wire } from "~/server/http/api/wire.server";
import { eventSelect, listEvents } from "~/server/domain/events.server";

/**
 * GET api/events/ (public: upcoming concerts, soonest first; `?when=past` the past ones, newest
 * first; ?q=&page=&size= as the news list) and POST api/events/ (staff; JSON or multipart).
 */
const api = endpoint({
  GET: async ({ request }) => {
    const { q, page, size } = listQuery(request);
    const when = new URL(request.url).searchParams.get("when") === "past" ? "past" : "upcoming";
    // Staff also see drafts and scheduled concerts, with their publication (as news).
    const staff = await isStaffRequest(request);
    const { rows, total } = await listEvents({ filter: { q, when, audience: staff ? "staff" : "visitors" }, page, size }, eventSelect);
    return listResponse(
      rows.map((row) => (staff ? wire.staffEvent(row) : wire.event(row))),
      total,
    );
  },
  POST: async ({ request }) => createEventFromRequest(request, await requireStaffWrite(request)),
});

export const loader = api.loader;
export const action = api.action;
