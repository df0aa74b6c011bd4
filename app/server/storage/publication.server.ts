import type Database from "better-sqlite3";
import type { Prisma } from "~/generated/prisma/client";

/**
 * Issue 24: who sees a news item or a composition, in one rule.
 *
 *   Visitors see an item whose status is "published" and whose publication time (`publishAt`) is
 *   empty or has passed. A draft, or a published item whose time is still ahead (scheduled), is
 *   shown only to staff and to holders of a preview link (preview-links.server.ts).
 *
 * Every public read (pages, lists, home, categories, search index, feed, sitemap, JSON-LD, the
 * anonymous api/) filters with `visibleToVisitors()`. The caches of those reads learn when a
 * scheduled item comes due through `nextPublicationAfter`, read by the content version
 * (content-version.server.ts), so it appears by itself, without a write or a restart.
 */
export const PUBLICATION_STATUSES = ["draft", "published"] as const;

/** What the admin lists show: a draft, published with a time ahead (scheduled), or visible. */
export type PublicationState = "draft" | "scheduled" | "published";

export type Publication = { status: string; publishAt: Date | null };

/** The Prisma filter of news, music and concert rows a visitor may see at `now`. */
export function visibleToVisitors(now: Date = new Date()): Prisma.NewsWhereInput & Prisma.MusicWhereInput & Prisma.EventWhereInput {
  return { status: "published", OR: [{ publishAt: null }, { publishAt: { lte: now } }] };
}

export function publicationState(row: Publication, now: Date = new Date()): PublicationState {
  if (row.status !== "published") return "draft";
  return row.publishAt && row.publishAt.getTime() > now.getTime() ? "scheduled" : "published";
}

export function isVisibleToVisitors(row: Publication, now: Date = new Date()): boolean {
  return publicationState(row, now) === "published";
}

/** The Prisma filter of one admin list state (`?stato=` of the admin lists). */
export function publicationStateWhere(state: PublicationState, now: Date = new Date()): Prisma.NewsWhereInput & Prisma.MusicWhereInput {
  if (state === "draft") return { status: { not: "published" } };
  if (state === "scheduled") return { status: "published", publishAt: { gt: now } };
  return visibleToVisitors(now);
}

const JULIAN_DAY_OF_UNIX_EPOCH = 2440587.5;
const MS_PER_DAY = 86_400_000;
let nextStatement: { connection: Database.Database; statement: Database.Statement } | undefined;

/**
 * The time (ms since the epoch) of the next scheduled publication after `now`, news, music or concert, or
 * null when none is ahead. Read on the content version's own connection (a statement, not Prisma):
 * julianday() compares the stored ISO texts whatever their offset notation.
 */
export function nextPublicationAfter(connection: Database.Database, now: number): number | null {
  if (nextStatement?.connection !== connection) {
    const due = (table: string) =>
      `SELECT MIN(julianday("publishAt")) AS at FROM "${table}" WHERE "status" = 'published' AND "publishAt" IS NOT NULL AND julianday("publishAt") > julianday(@now)`;
    nextStatement = {
      connection,
      statement: connection.prepare(`SELECT MIN(at) FROM (${due("News")} UNION ALL ${due("Music")} UNION ALL ${due("Event")})`).pluck(),
    };
  }
  const julian = nextStatement.statement.get({ now: new Date(now).toISOString() }) as number | null;
  return julian === null ? null : Math.round((julian - JULIAN_DAY_OF_UNIX_EPOCH) * MS_PER_DAY);
}

/**
 * `nextPublicationAfter` on PostgreSQL, for the content version's one query there
 * (content-version.server.ts): `$1` is now as an ISO text. Prisma stores DateTime as a UTC
 * `timestamp` without zone, so now is taken to UTC and the answer read as UTC milliseconds.
 */
export const NEXT_PUBLICATION_POSTGRES = (() => {
  const due = (table: string) =>
    `SELECT MIN("publishAt") AS at FROM "${table}" WHERE "status" = 'published' AND "publishAt" > ($1::timestamptz AT TIME ZONE 'UTC')`;
  return `SELECT (EXTRACT(EPOCH FROM MIN(at)) * 1000)::float8 FROM (${due("News")} UNION ALL ${due("Music")} UNION ALL ${due("Event")}) AS due`;
})();
