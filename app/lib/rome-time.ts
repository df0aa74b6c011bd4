import type { Lang } from "./i18n";

/**
 * The admin shows and takes publication times in the composer's time zone (Europe/Rome); the
 * database keeps UTC. Conversions go through Intl (the zone's rules, daylight saving included), so
 * a time typed in summer is two hours ahead of UTC and one in winter one hour.
 */
const ZONE = "Europe/Rome";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall clock in Rome at `utcMs`, as the fields of a UTC date (so differences are offsets). */
function romeWallClock(utcMs: number): number {
  const get = (type: string) => Number(parts.formatToParts(new Date(utcMs)).find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A `datetime-local` value ("2027-03-01T09:00") read as Rome time, as a UTC date; null when it is
 * not one. A time skipped by the spring change (02:30 on the last Sunday of March) becomes the
 * same instant an hour later by the clock; a repeated one (autumn) is read as its first occurrence.
 */
export function romeLocalToUtc(local: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second || 0);
  const check = new Date(wall);
  if (check.getUTCMonth() !== (month ?? 1) - 1 || check.getUTCDate() !== day || (hour ?? 0) > 23 || (minute ?? 0) > 59) return null;
  // The offsets a day before and a day after: they differ only next to a change of the clock.
  const DAY = 86_400_000;
  const before = romeWallClock(wall - DAY) - (wall - DAY);
  const after = romeWallClock(wall + DAY) - (wall + DAY);
  const candidates = [wall - Math.max(before, after), wall - Math.min(before, after)];
  return new Date(candidates.find((instant) => romeWallClock(instant) === wall) ?? wall - before);
}

/** A UTC date as the `datetime-local` value of its Rome time ("2027-03-01T09:00"). */
export function utcToRomeLocal(date: Date): string {
  return new Date(romeWallClock(date.getTime())).toISOString().slice(0, 16);
}

/** A UTC date as Rome time for people: "01/03/2027 09:00". */
export function formatRomeTime(date: Date): string {
  const [day, time] = utcToRomeLocal(date).split("T");
  const [y, m, d] = (day ?? "").split("-");
  return `${d}/${m}/${y} ${time}`;
}

/** A UTC date as ISO 8601 with Rome's offset at that moment ("2027-03-01T20:30:00+01:00"): what api/ answers for a concert's times. */
export function romeIso(date: Date): string {
  const offsetMinutes = Math.round((romeWallClock(date.getTime()) - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${new Date(romeWallClock(date.getTime())).toISOString().slice(0, 19)}${offset}`;
}

/** A concert's day (with its weekday) and time, in Rome, as each language writes them (issue 36): the concert pages and the search. */
const CONCERT_DAY: Record<Lang, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", weekday: "long", day: "numeric", month: "long", year: "numeric" }),
  en: new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Rome", weekday: "long", day: "numeric", month: "long", year: "numeric" }),
};
const CONCERT_TIME: Record<Lang, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  en: new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
};

export function concertDayAndTime(date: Date, lang: Lang): { day: string; time: string } {
  return { day: CONCERT_DAY[lang].format(date), time: CONCERT_TIME[lang].format(date) };
}
