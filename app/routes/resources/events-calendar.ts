import { data } from "react-router";
import type { Route } from "./+types/events-calendar";
import { isVisibleToVisitors } from "~/server/storage/publication.server";
import { getEventBySlug } from "~/server/domain/events.server";
import { publicOrigin } from "~/server/http/origin.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { calendarEvents, eventsCalendar } from "~/server/views/events-view.server";

/**
 * The concert calendars (issue 36, RFC 5545): /events.ics and /en/events.ics (every upcoming concert
 * and those of the last twelve months) and /events/{slug}.ics (one concert, «Aggiungi al calendario»).
 * Only what visitors may see: a draft or a scheduled concert is in no calendar.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getInstance(context).t;
  let items;
  if (params.slugEvent) {
    const item = await getEventBySlug(params.slugEvent);
    if (!item || !isVisibleToVisitors(item)) throw data(null, { status: 404 });
    items = [item];
  } else items = await calendarEvents();
  const text = eventsCalendar(items, { lang, origin: publicOrigin(request), name: t("pages:events.calendarName"), premiere: t("pages:events.premiere") });
  return new Response(text, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": `inline; filename="${params.slugEvent ?? "events"}.ics"` },
  });
}
