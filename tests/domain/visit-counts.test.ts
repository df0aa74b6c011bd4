// Issue 38, the day boundary of visit counting (on SQLite, then on PostgreSQL): the same visitor twice in
// a day is one visitor; on the next day it is a visitor again, and once the first day has ended nothing
// stored links the two (its salt and visitor marks are gone, the next day's hash is another). The HTTP
// side (which answers count) is tests/e2e/visit-stats.test.ts.
import { describe, expect, it } from "vitest";
import { flushVisits, recordPageView, type PageView } from "~/server/domain/visit-counts.server";
import { db } from "~/server/storage/db.server";

/** Instants in Rome time: 23:30 of 10 March 2027 (UTC+1) and 00:10 of the next day. */
const LATE_EVENING = Date.parse("2027-03-10T22:30:00Z");
const NEXT_MORNING = Date.parse("2027-03-10T23:10:00Z");

const visitor = { address: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Firefox/133.0" };
const view = (path: string, extra: Partial<PageView> = {}): PageView => ({ path, lang: "it", visitor, source: null, device: "computer", ...extra });

async function stored() {
  const [days, pages, marks, salts] = await Promise.all([
    db.visitDay.findMany({ orderBy: { day: "asc" } }),
    db.pageVisitDay.findMany({ orderBy: [{ day: "asc" }, { path: "asc" }] }),
    db.visitorMark.findMany({ orderBy: [{ day: "asc" }, { scope: "asc" }] }),
    db.visitSalt.findMany({ orderBy: { day: "asc" } }),
  ]);
  return { days, pages, marks, salts };
}

describe("a day of visits", () => {
  it("counts a visitor once a day across flushes, again the next day, and forgets the day when it ends", async () => {
    recordPageView(view("/"), LATE_EVENING);
    recordPageView(view("/bio"), LATE_EVENING);
    await flushVisits(LATE_EVENING);
    // The same visitor later the same evening, in a batch of its own (another flush, or another instance).
    recordPageView(view("/"), LATE_EVENING + 60_000);
    recordPageView(view("/", { visitor: null }), LATE_EVENING + 60_000);
    await flushVisits(LATE_EVENING + 60_000);
    const evening = await stored();
    expect(evening.days).toEqual([{ day: "2027-03-10", views: 4, visitors: 1 }]);
    expect(evening.pages).toEqual([
      { day: "2027-03-10", path: "/", lang: "it", views: 3, visitors: 1 },
      { day: "2027-03-10", path: "/bio", lang: "it", views: 1, visitors: 1 },
    ]);
    const eveningHash = evening.marks.find((m) => m.scope === "")?.hash;
    expect(eveningHash).toBeTruthy();
    expect(JSON.stringify(evening)).not.toContain(visitor.address);

    // Past midnight in Rome: the same visitor is a visitor of the new day.
    recordPageView(view("/"), NEXT_MORNING);
    await flushVisits(NEXT_MORNING);
    const morning = await stored();
    expect(morning.days).toEqual([
      { day: "2027-03-10", views: 4, visitors: 1 },
      { day: "2027-03-11", views: 1, visitors: 1 },
    ]);
    // What is left of the first day is its totals: no salt, no mark, and the new hash is not the old one.
    expect(morning.salts.map((s) => s.day)).toEqual(["2027-03-11"]);
    expect(morning.marks.map((m) => m.day)).toEqual(["2027-03-11", "2027-03-11"]);
    expect(morning.marks.map((m) => m.hash)).not.toContain(eveningHash);
  });
});
