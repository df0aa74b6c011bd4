import type { EventStatus } from "./event-fields";

/** A concert as a list shows it (issue 36): built on the server (server/views/events-view.server.ts), in the page's language and Rome time. */
export type EventCardData = {
  slug: string;
  href: string;
  title: string;
  /** The start, ISO 8601 with Rome's offset (the `<time>` element's datetime). */
  isoStart: string;
  day: string;
  time: string;
  venue: string;
  city: string;
  country: string;
  eventStatus: EventStatus;
  works: { title: string; href: string; premiere: boolean }[];
};

/** A composition's performance as its page lists it: the concert, and whether it was the work's world premiere. */
export type Performance = { event: EventCardData; premiere: boolean };
