import type { Lang } from "./i18n";

/**
 * Rome time: the site and its staff are in Italy, whatever zone the server runs in. One formatter for
 * the process: creating an Intl.DateTimeFormat costs about a hundred times formatting with one, and
 * staff lists format a date per row.
 */
const ROME_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Rome",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A concert's day (with its weekday) and time, in Rome, as each language writes them (issue 36). */
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

/** Dates as SPEC.md 9 says. Inputs are ISO date strings (YYYY-MM-DD...) or Date objects. */
function parts(value: string | Date) {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-");
    return { y, m, d, hh: "00", mm: "00" };
  }
  const date = typeof value === "string" ? new Date(value) : value;
  const p = Object.fromEntries(ROME_PARTS.formatToParts(date).map((x) => [x.type, x.value]));
  return { y: p.year, m: p.month, d: p.day, hh: p.hour, mm: p.minute };
}

/** DD-MM-YYYY (lists and cards) */
export function formatDateDash(value: string | Date): string {
  const { y, m, d } = parts(value);
  return `${d}-${m}-${y}`;
}

/** DD/MM/YYYY (public news detail) */
export function formatDateSlash(value: string | Date): string {
  const { y, m, d } = parts(value);
  return `${d}/${m}/${y}`;
}

/** DD-MM-YYYY HH:mm (activities) */
export function formatDateTime(value: string | Date): string {
  const { y, m, d, hh, mm } = parts(value);
  return `${d}-${m}-${y} ${hh}:${mm}`;
}

/** Today in Rome as YYYY-MM-DD (default date of a new news item). */
export function todayIso(now = new Date()): string {
  const { y, m, d } = parts(now);
  return `${y}-${m}-${d}`;
}

export const COPYRIGHT_START_YEAR = 2014;

/** A track length as m:ss (h:mm:ss from an hour), rounded to the second; "" when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return "";
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
