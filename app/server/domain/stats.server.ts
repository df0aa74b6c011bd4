import { z } from "zod";
import { todayIso } from "~/lib/format";
import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";
import { flushVisits, visitorHash } from "./visit-counts.server";
import { hit, limitForAddress } from "./rate-limit.server";

/**
 * Issue 38: the plays the player reports and what the owner reads (/admin/stats, GET /api/stats/).
 * ADR 045. Everything is a daily total; days are Rome days ("YYYY-MM-DD").
 */

/** As streaming services count a play. */
const PLAY_SECONDS = 30;
/** A play "to the end": 90 % of the track or more. */
const COMPLETE_SHARE = 0.9;
const PLAYS_PER_MINUTE = 60;

/** The body of POST /api/stats/play/: `{music_id, track, listened_seconds, duration}` (ids are the api's numbers). */
const playSchema = z.object({
  music_id: z.number().int().positive(),
  track: z.number().int().positive(),
  listened_seconds: z.number().finite().min(0).max(86_400),
  duration: z.number().finite().positive().max(86_400),
});

export type PlayOutcome = { status: "counted" } | { status: "invalid"; message: string } | { status: "rate-limited" };

/**
 * One listening of a track: started, and by how far it went. The track must be one of that
 * composition's (a report of anything else is refused). Rate-limited per client by a keyed hash of
 * its address, so no address is written even for the minute the limit lasts.
 */
export async function recordPlay(body: unknown, clientAddress: string, now = new Date()): Promise<PlayOutcome> {
  const parsed = playSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: "invalid", message: `Dati non validi${issue?.path.length ? ` nel campo "${issue.path.join(".")}"` : ""}: ${issue?.message ?? ""}`.trim() };
  }
  const { music_id: musicId, track: trackId, listened_seconds: listened, duration } = parsed.data;
  const day = todayIso(now);
  const limited = await hit(
    `play:${visitorHash(`${getEnv().sessionSecret}:${day}`, clientAddress)}`,
    limitForAddress(clientAddress, PLAYS_PER_MINUTE),
    60_000,
    now,
  );
  if (!limited.allowed) return { status: "rate-limited" };
  const track = await db.musicTrack.findFirst({ where: { id: trackId, musicId }, select: { id: true } });
  if (!track) return { status: "invalid", message: "Traccia sconosciuta per questa composizione." };
  const played30s = listened >= PLAY_SECONDS ? 1 : 0;
  const completed = listened >= duration * COMPLETE_SHARE ? 1 : 0;
  await db.$executeRaw`INSERT INTO "PlayDay" ("day", "musicId", "trackId", "started", "played30s", "completed") VALUES (${day}, ${musicId}, ${trackId}, 1, ${played30s}, ${completed})
    ON CONFLICT ("day", "musicId", "trackId") DO UPDATE SET "started" = "PlayDay"."started" + 1, "played30s" = "PlayDay"."played30s" + excluded."played30s", "completed" = "PlayDay"."completed" + excluded."completed"`;
  return { status: "counted" };
}

export type StatsPeriod = "7" | "30" | "90" | "365";
export const STATS_PERIODS: { value: StatsPeriod; label: string }[] = [
  { value: "7", label: "7 giorni" },
  { value: "30", label: "30 giorni" },
  { value: "90", label: "90 giorni" },
  { value: "365", label: "12 mesi" },
];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function shiftDay(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  return ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** The last `period` days up to today (Rome), both ends included. */
export function periodRange(period: StatsPeriod, now = new Date()): { from: string; to: string } {
  const to = todayIso(now);
  return { from: shiftDay(to, 1 - Number(period)), to };
}

/** The longest range a report covers: a little over a year, so a request cannot ask for centuries of days. */
export const MAX_RANGE_DAYS = 400;

export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export type StatsReport = {
  from: string;
  to: string;
  /** Every day of the range, zeros included (the chart's x axis). */
  days: { date: string; views: number; visitors: number }[];
  pages: { path: string; lang: string; views: number; visitors: number }[];
  sources: { source: string; views: number }[];
  languages: { lang: string; views: number }[];
  devices: { device: string; views: number }[];
  plays: { musicId: number; title: string; started: number; played30s: number; completed: number }[];
  tracks: { musicId: number; trackId: number; title: string; track: string; started: number; played30s: number; completed: number }[];
};

const TOP = 20;

/**
 * The figures of `from`..`to` (Rome days, both included). This instance's counts of the last seconds
 * are written first, so the owner reads them at once; other instances' follow within 10 seconds.
 */
export async function statsReport(from: string, to: string): Promise<StatsReport> {
  await flushVisits();
  const inRange = { day: { gte: from, lte: to } };
  const [days, pages, tallies, plays] = await Promise.all([
    db.visitDay.findMany({ where: inRange, select: { day: true, views: true, visitors: true } }),
    db.pageVisitDay.groupBy({ by: ["path", "lang"], where: inRange, _sum: { views: true, visitors: true } }),
    db.visitTallyDay.groupBy({ by: ["dimension", "value"], where: inRange, _sum: { views: true } }),
    db.playDay.groupBy({ by: ["musicId", "trackId"], where: inRange, _sum: { started: true, played30s: true, completed: true } }),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const allDays: StatsReport["days"] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) {
    const row = byDay.get(day);
    allDays.push({ date: day, views: row?.views ?? 0, visitors: row?.visitors ?? 0 });
  }
  const languages = new Map<string, number>();
  for (const page of pages) languages.set(page.lang, (languages.get(page.lang) ?? 0) + (page._sum.views ?? 0));
  const tally = (dimension: string) =>
    tallies
      .filter((t) => t.dimension === dimension)
      .map((t) => ({ value: t.value, views: t._sum.views ?? 0 }))
      .sort((a, b) => b.views - a.views || a.value.localeCompare(b.value));

  const musicIds = [...new Set(plays.map((p) => p.musicId))];
  const music = await db.music.findMany({
    where: { id: { in: musicIds } },
    select: { id: true, title: true, tracks: { select: { id: true, name: true }, orderBy: [{ position: "asc" }, { id: "asc" }] } },
  });
  const musicById = new Map(music.map((m) => [m.id, m]));
  const tracks: StatsReport["tracks"] = plays.map((p) => {
    const item = musicById.get(p.musicId);
    const index = item?.tracks.findIndex((t) => t.id === p.trackId) ?? -1;
    const track = item?.tracks[index];
    return {
      musicId: p.musicId,
      trackId: p.trackId,
      title: item?.title ?? `Composizione eliminata (${p.musicId})`,
      track: track ? `${index + 1}. ${track.name}` : `Traccia eliminata (${p.trackId})`,
      started: p._sum.started ?? 0,
      played30s: p._sum.played30s ?? 0,
      completed: p._sum.completed ?? 0,
    };
  });
  tracks.sort((a, b) => b.started - a.started || a.title.localeCompare(b.title) || a.track.localeCompare(b.track));
  const perMusic = new Map<number, StatsReport["plays"][number]>();
  for (const t of tracks) {
    const sum = perMusic.get(t.musicId) ?? { musicId: t.musicId, title: t.title, started: 0, played30s: 0, completed: 0 };
    sum.started += t.started;
    sum.played30s += t.played30s;
    sum.completed += t.completed;
    perMusic.set(t.musicId, sum);
  }

  return {
    from,
    to,
    days: allDays,
    pages: pages
      .map((p) => ({ path: p.path, lang: p.lang, views: p._sum.views ?? 0, visitors: p._sum.visitors ?? 0 }))
      .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path))
      .slice(0, TOP),
    sources: tally("source")
      .slice(0, TOP)
      .map((t) => ({ source: t.value, views: t.views })),
    languages: [...languages].map(([lang, views]) => ({ lang, views })).sort((a, b) => b.views - a.views),
    devices: tally("device").map((t) => ({ device: t.value, views: t.views })),
    plays: [...perMusic.values()].sort((a, b) => b.started - a.started || a.title.localeCompare(b.title)),
    tracks,
  };
}

/** The dashboard's line: views and visitors of the last 7 days. */
export async function lastWeekTotals(now = new Date()): Promise<{ views: number; visitors: number; plays: number }> {
  await flushVisits();
  const { from, to } = periodRange("7", now);
  const inRange = { day: { gte: from, lte: to } };
  const [visits, plays] = await Promise.all([
    db.visitDay.aggregate({ where: inRange, _sum: { views: true, visitors: true } }),
    db.playDay.aggregate({ where: inRange, _sum: { started: true } }),
  ]);
  return { views: visits._sum.views ?? 0, visitors: visits._sum.visitors ?? 0, plays: plays._sum.started ?? 0 };
}
