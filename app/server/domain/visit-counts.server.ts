import crypto from "node:crypto";
import type { Lang } from "~/lib/i18n";
import { todayIso } from "~/lib/format";
import { db } from "../storage/db.server";
import { log } from "../platform/log.server";

/**
 * Issue 38, counting visits without cookies (docs/decisions/045-cookieless-statistics.md). The request
 * edge (http/visit-counter.server.ts) decides which answers are page views and hands each one here;
 * this module keeps them in memory and writes only daily totals, every 10 seconds and at shutdown.
 *
 * Unique visitors: a visitor is the HMAC-SHA256, keyed with a random salt of the day (VisitSalt, shared
 * by every instance), of the client address and the user agent. At a flush each visitor of the batch
 * is marked once per scope (the site, each page) in VisitorMark; a mark that was not there yet adds one
 * visitor, so a visitor counts once per day across instances and restarts. When the Rome day ends, its
 * salt and marks are deleted: what stays (the totals) cannot link anybody from one day to the next. The
 * address and user agent are held in memory only until the next flush, never written.
 */
export type Device = "phone" | "tablet" | "computer";

export type PageView = {
  /** The page's path, without query ("/en/bio"). */
  path: string;
  lang: Lang;
  /** Who, for the unique-visitor estimate; null when the visitor asked not to be tracked (DNT, Sec-GPC). */
  visitor: { address: string; userAgent: string } | null;
  /** An external Referer's host or utm_source; null for none (or our own pages). */
  source: string | null;
  device: Device;
};

const FLUSH_INTERVAL_MS = 10_000;

/** The site-wide scope of a visitor mark; a page's scope is `${lang} ${path}`. */
const SITE_SCOPE = "";

type DayBatch = {
  views: number;
  /** Views per page scope. */
  pages: Map<string, number>;
  /** Views per `${dimension}\n${value}`. */
  tallies: Map<string, number>;
  /** The page scopes each visitor (`${address}\n${userAgent}`) was seen on. */
  visitors: Map<string, Set<string>>;
};

let pending = new Map<string, DayBatch>();

/** The Rome day of `ms`, worked out once a minute: a day always ends on a whole UTC minute. */
let dayOfMinute = { from: 0, until: 0, day: "" };
function romeDay(ms: number): string {
  if (ms < dayOfMinute.from || ms >= dayOfMinute.until) {
    const from = ms - (ms % 60_000);
    dayOfMinute = { from, until: from + 60_000, day: todayIso(new Date(ms)) };
  }
  return dayOfMinute.day;
}

function add(map: Map<string, number>, key: string, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Counts one page view in memory (the request's hot path: no I/O, no hashing). */
export function recordPageView(view: PageView, now = Date.now()) {
  const day = romeDay(now);
  let batch = pending.get(day);
  if (!batch) {
    batch = { views: 0, pages: new Map(), tallies: new Map(), visitors: new Map() };
    pending.set(day, batch);
  }
  const scope = `${view.lang} ${view.path}`;
  batch.views++;
  add(batch.pages, scope);
  add(batch.tallies, `device\n${view.device}`);
  if (view.source) add(batch.tallies, `source\n${view.source}`);
  if (view.visitor) {
    const who = `${view.visitor.address}\n${view.visitor.userAgent}`;
    const scopes = batch.visitors.get(who);
    if (scopes) scopes.add(scope);
    else batch.visitors.set(who, new Set([scope]));
  }
}

/** The day's salt, made by the first instance that needs it (the others read that one). */
async function saltOf(day: string): Promise<string> {
  const fresh = crypto.randomBytes(32).toString("base64url");
  await db.$executeRaw`INSERT INTO "VisitSalt" ("day", "salt") VALUES (${day}, ${fresh}) ON CONFLICT ("day") DO NOTHING`;
  const row = await db.visitSalt.findUnique({ where: { day }, select: { salt: true } });
  return row?.salt ?? fresh;
}

/** The visitor hash of one day: keyed by that day's salt, so the same visitor hashes differently each day. */
export function visitorHash(salt: string, who: string): string {
  return crypto.createHmac("sha256", salt).update(who).digest("base64url");
}

async function writeDay(day: string, batch: DayBatch) {
  const salt = await saltOf(day);
  const marks: { scope: string; hash: string }[] = [];
  for (const [who, scopes] of batch.visitors) {
    const hash = visitorHash(salt, who);
    marks.push({ scope: SITE_SCOPE, hash });
    for (const scope of scopes) marks.push({ scope, hash });
  }
  await db.$transaction(async (tx) => {
    const newVisitors = new Map<string, number>();
    for (const { scope, hash } of marks) {
      const inserted = await tx.$executeRaw`INSERT INTO "VisitorMark" ("day", "scope", "hash") VALUES (${day}, ${scope}, ${hash}) ON CONFLICT DO NOTHING`;
      if (inserted > 0) add(newVisitors, scope);
    }
    await tx.$executeRaw`INSERT INTO "VisitDay" ("day", "views", "visitors") VALUES (${day}, ${batch.views}, ${newVisitors.get(SITE_SCOPE) ?? 0})
      ON CONFLICT ("day") DO UPDATE SET "views" = "VisitDay"."views" + excluded."views", "visitors" = "VisitDay"."visitors" + excluded."visitors"`;
    for (const [scope, views] of batch.pages) {
      const space = scope.indexOf(" ");
      const lang = scope.slice(0, space);
      const path = scope.slice(space + 1);
      await tx.$executeRaw`INSERT INTO "PageVisitDay" ("day", "path", "lang", "views", "visitors") VALUES (${day}, ${path}, ${lang}, ${views}, ${newVisitors.get(scope) ?? 0})
        ON CONFLICT ("day", "path", "lang") DO UPDATE SET "views" = "PageVisitDay"."views" + excluded."views", "visitors" = "PageVisitDay"."visitors" + excluded."visitors"`;
    }
    for (const [key, views] of batch.tallies) {
      const [dimension = "", value = ""] = key.split("\n");
      await tx.$executeRaw`INSERT INTO "VisitTallyDay" ("day", "dimension", "value", "views") VALUES (${day}, ${dimension}, ${value}, ${views})
        ON CONFLICT ("day", "dimension", "value") DO UPDATE SET "views" = "VisitTallyDay"."views" + excluded."views"`;
    }
  });
}

/**
 * Writes what was counted since the last flush, then forgets the salts and visitor marks of the days
 * that ended. Every instance does this for its own counts (the totals add up).
 */
export async function flushVisits(now = Date.now()): Promise<void> {
  const batches = pending;
  pending = new Map();
  for (const [day, batch] of batches) {
    try {
      await writeDay(day, batch);
    } catch (error) {
      log().error({ err: error, day, views: batch.views }, "visit counts could not be written: this batch is lost");
    }
  }
  const today = romeDay(now);
  await db.visitorMark.deleteMany({ where: { day: { lt: today } } });
  await db.visitSalt.deleteMany({ where: { day: { lt: today } } });
}

let timer: NodeJS.Timeout | undefined;

/** boot(): a flush every 10 seconds. */
export function startVisitFlush() {
  timer ??= setInterval(() => {
    flushVisits().catch((error: unknown) => log().error({ err: error }, "visit flush failed"));
  }, FLUSH_INTERVAL_MS).unref();
}

/** shutdown(): the last flush, while the database is still open. */
export async function stopVisitFlush() {
  clearInterval(timer);
  timer = undefined;
  await flushVisits().catch((error: unknown) => log().error({ err: error }, "visit flush at shutdown failed"));
}
