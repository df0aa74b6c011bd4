import ical, { ICalEventStatus } from "ical-generator";
import type { EventStatus } from "~/lib/event-fields";
import type { EventCardData, Performance } from "~/lib/event-card";
import { htmlExcerpt, htmlToText } from "~/lib/html-text";
import { localized, type Lang } from "~/lib/i18n";
import { eventCalendarPath, eventPath, musicPath } from "~/lib/paths";
import { concertDayAndTime, romeIso } from "~/lib/rome-time";
import { sanitizeRichHtml } from "../domain/sanitize.server";
import { eventSelect, listEvents, upcomingEvents, type EventItem } from "../domain/events.server";
import { imageInfo } from "../storage/images.server";
import { isVisibleToVisitors } from "../storage/publication.server";

/** What the concert pages, the home page and a composition's performances show (issue 36), in Rome time. */

const LOCALE: Record<Lang, string> = { it: "it-IT", en: "en-GB" };

function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([LOCALE[lang]], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The programme visitors may see: compositions not published yet are left out; each with its page. */
function programme(item: EventItem, lang: Lang) {
  return item.works
    .filter((w) => isVisibleToVisitors(w.music))
    .map((w) => ({ title: localized(w.music, "title", lang), href: musicPath(w.music, lang), premiere: w.premiere }));
}

/** A concert as a line of a list (the /events page, the home page, a composition's performances). */
function eventCard(item: EventItem, lang: Lang): EventCardData {
  const { day, time } = concertDayAndTime(item.startsAt, lang);
  return {
    slug: item.slug,
    href: eventPath(item.slug, lang),
    title: localized(item, "title", lang),
    isoStart: romeIso(item.startsAt),
    day,
    time,
    venue: item.venue,
    city: item.city,
    country: countryName(item.country, lang),
    eventStatus: item.eventStatus as EventStatus,
    works: programme(item, lang),
  };
}

/** Past concerts a page of /events holds. */
const PAST_PAGE_SIZE = 12;

/** The /events page: every upcoming concert, and one page (from 1) of the past ones with the page count. */
export async function eventsPage(lang: Lang, pastPage: number) {
  const [upcoming, past] = await Promise.all([
    listEvents({ filter: { when: "upcoming" } }, eventSelect),
    listEvents({ filter: { when: "past" }, page: pastPage, size: PAST_PAGE_SIZE }, eventSelect),
  ]);
  return {
    upcoming: upcoming.rows.map((row) => eventCard(row, lang)),
    past: past.rows.map((row) => eventCard(row, lang)),
    pastPageCount: Math.max(1, Math.ceil(past.total / PAST_PAGE_SIZE)),
  };
}

/** The next `limit` concerts visitors may see, soonest first (the home page, the press kit). */
export async function nextEvents(lang: Lang, limit: number): Promise<EventCardData[]> {
  return (await upcomingEvents(limit)).map((row) => eventCard(row, lang));
}

/**
 * A composition's performances (its page): every concert visitors may see whose programme plays it,
 * upcoming soonest first then past newest first; and its world premiere's concert, for the
 * composition's `firstPerformance` (a cancelled premiere was not one: the earliest other one is).
 */
export async function performancesOf(musicId: number, lang: Lang) {
  const [upcoming, past] = await Promise.all([
    listEvents({ filter: { when: "upcoming", musicId } }, eventSelect),
    listEvents({ filter: { when: "past", musicId } }, eventSelect),
  ]);
  const rows = [...upcoming.rows, ...past.rows];
  const isPremiere = (row: EventItem) => row.works.some((w) => w.music.id === musicId && w.premiere);
  const premiere = rows.filter((row) => isPremiere(row) && row.eventStatus !== "cancelled").sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0];
  return {
    performances: rows.map((row): Performance => ({ event: eventCard(row, lang), premiere: isPremiere(row) })),
    firstPerformance: premiere
      ? {
          name: localized(premiere, "title", lang),
          path: eventPath(premiere.slug, lang),
          startDate: romeIso(premiere.startsAt),
          venue: premiere.venue,
          address: premiere.address,
          city: premiere.city,
          country: premiere.country,
        }
      : null,
  };
}

/** A concert's page. */
export async function eventDetail(item: EventItem, lang: Lang) {
  const html = localized(item, "description", lang);
  return {
    ...eventCard(item, lang),
    isoEnd: item.endsAt ? romeIso(item.endsAt) : null,
    endTime: item.endsAt ? concertDayAndTime(item.endsAt, lang).time : null,
    countryCode: item.country,
    address: item.address,
    ticketUrl: item.ticketUrl,
    performers: item.performers
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    html: sanitizeRichHtml(html),
    summary: htmlExcerpt(html, 160),
    image: await imageInfo(item.image),
    calendarHref: eventCalendarPath(item.slug, lang),
  };
}

// --- calendars (RFC 5545) ---

/** RFC 5545 has no "postponed": a postponed concert is TENTATIVE until its new date is known. */
const ICAL_STATUS: Record<string, ICalEventStatus> = {
  scheduled: ICalEventStatus.CONFIRMED,
  rescheduled: ICalEventStatus.CONFIRMED,
  postponed: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/** Without an end, a concert is shown two hours long (DTEND is optional, but calendars then show a point in time). */
const DEFAULT_LENGTH_MS = 2 * 60 * 60 * 1000;

/**
 * An iCalendar file of concerts, its times in UTC (every calendar shows them in its own zone): one VEVENT each, with a UID that never changes (its id and the
 * site's host), the SEQUENCE the database counts, STATUS, the page's URL and a plain-text programme.
 */
export function eventsCalendar(items: readonly EventItem[], options: { lang: Lang; origin: string; name: string; premiere: string }): string {
  const host = new URL(options.origin).hostname;
  const calendar = ical({ name: options.name, prodId: { company: host, product: "concerts", language: options.lang.toUpperCase() } });
  for (const item of items) {
    const works = programme(item, options.lang).map((w) => `${w.title}${w.premiere ? ` (${options.premiere})` : ""}`);
    const description = [item.performers, works.join("\n"), htmlToText(localized(item, "description", options.lang))].filter(Boolean).join("\n\n");
    calendar.createEvent({
      id: `event-${item.id}@${host}`,
      sequence: item.sequence,
      start: item.startsAt,
      end: item.endsAt ?? new Date(item.startsAt.getTime() + DEFAULT_LENGTH_MS),
      stamp: item.updatedAt,
      lastModified: item.updatedAt,
      summary: localized(item, "title", options.lang),
      location: [item.venue, item.address, item.city, countryName(item.country, options.lang)].filter(Boolean).join(", "),
      url: `${options.origin}${eventPath(item.slug, options.lang)}`,
      description,
      status: ICAL_STATUS[item.eventStatus] ?? ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** What /events.ics holds: every upcoming concert and those of the last twelve months, soonest first. */
export async function calendarEvents(now: Date = new Date()): Promise<EventItem[]> {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  const [upcoming, past] = await Promise.all([
    listEvents({ filter: { when: "upcoming" } }, eventSelect, now),
    listEvents({ filter: { when: "past", since } }, eventSelect, now),
  ]);
  return [...past.rows.reverse(), ...upcoming.rows];
}
