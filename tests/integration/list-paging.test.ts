// Lists filter and page in SQL (issue 10): the api lists, latest-* and music-by-category ask the
// database for one page (LIMIT/OFFSET, WHERE) instead of loading every row and slicing in memory,
// and the pages they answer are the right rows in the right order with the total in X-Total-Count.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { loader as categoryLoader } from "~/routes/api/category";
import { loader as latestMusicLoader } from "~/routes/api/latest-musics";
import { loader as latestNewsLoader } from "~/routes/api/latest-news";
import { loader as musicByCategoryLoader } from "~/routes/api/music-by-category";
import { loader as musicLoader } from "~/routes/api/music";
import { loader as newsLoader } from "~/routes/api/news";
import { loader as adminMusicLoader } from "~/routes/admin/music-list";
import { loader as adminNewsLoader } from "~/routes/admin/news-list";
import { compositionsOverview } from "~/server/views/compositions.server";
import { db } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";

// The app's client, with every SQL statement it sends recorded.
const logged = new PrismaClient({
  adapter: new PrismaBetterSQLite3({ url: `file:${getEnv().databaseFile}` }),
  log: [{ emit: "event", level: "query" }],
});
type Statement = { query: string; params: unknown[] };
let statements: Statement[] = [];
logged.$on("query", (event) => statements.push({ query: event.query, params: JSON.parse(event.params) as unknown[] }));
globalThis.__prisma = logged;

const BASE = "http://site.test";
const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`${BASE}${url}`), params, context: {} as never, unstable_pattern: "" }) as never;

/**
 * The row reads (not the counts) of a table since the last reset: at least one, each matching
 * `pattern` and, when `limited`, with a real LIMIT (Prisma always writes `LIMIT ? OFFSET ?`, and
 * binds -1 as the limit when it reads every row).
 */
function expectRowReads(table: string, { pattern, limited }: { pattern?: RegExp; limited: boolean }) {
  const reads = statements.filter((s) => s.query.startsWith("SELECT") && s.query.includes(`FROM \`main\`.\`${table}\``) && !/COUNT\(/.test(s.query));
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads) {
    if (pattern) expect(read.query).toMatch(pattern);
    if (limited) expect(Number(read.params.at(-2)), read.query).toBeGreaterThan(0);
  }
}

const MUSIC = 35;
const NEWS = 35;
let soundtracks: number;
let concerts: number;

beforeAll(async () => {
  soundtracks = (await db.category.create({ data: { name: "Colonne sonore", nameEng: "Soundtracks", type: "music" } })).id;
  concerts = (await db.category.create({ data: { name: "Concerti", nameEng: "Concerts", type: "music" } })).id;
  const events = (await db.category.create({ data: { name: "Eventi", nameEng: "Events", type: "news" } })).id;
  for (let i = 1; i <= MUSIC; i++) {
    await db.music.create({
      data: {
        slug: `brano-${i}`,
        title: `Brano ${i}`,
        img: "/media/images/x.jpg",
        categoryId: i % 5 === 0 ? concerts : soundtracks,
        createdAt: new Date(Date.UTC(2026, 0, i)),
        tracks: { create: [{ position: 0, name: "Traccia", url: "/media/tracks/t.mp3" }] },
      },
    });
  }
  for (let i = 1; i <= NEWS; i++) {
    // News dates run backwards from creation order: the public lists follow the date, the admin list creation.
    await db.news.create({
      data: {
        slug: `notizia-${i}`,
        title: `Notizia ${i}`,
        titleEng: `News ${i}`,
        date: `2025-${String(13 - Math.ceil(i / 3)).padStart(2, "0")}-${String(10 + (i % 3)).padStart(2, "0")}`,
        categoryId: events,
        createdAt: new Date(Date.UTC(2026, 0, i)),
      },
    });
  }
  statements = [];
});

afterEach(() => {
  statements = [];
});

describe("api lists page in SQL", () => {
  it("api/music/?page=2&size=30: the last five, newest first, total 35, one LIMIT/OFFSET read", async () => {
    const res = await musicLoader(args("/api/music/?page=2&size=30"));
    const body = (await res.json()) as { slug: string; music_tracks: unknown[] }[];
    expect(body.map((m) => m.slug)).toEqual(["brano-5", "brano-4", "brano-3", "brano-2", "brano-1"]);
    // The fields of SPEC.md 7, and the stream fields issue 25 added beside them.
    expect(body[0]?.music_tracks).toEqual([expect.objectContaining({ name: "Traccia", url: "/media/tracks/t.mp3" })]);
    expect(res.headers.get("X-Total-Count")).toBe(String(MUSIC));
    expectRowReads("Music", { limited: true });
  });

  it("api/music/?q= filters in SQL and pages the matches", async () => {
    const res = await musicLoader(args("/api/music/?q=concerti&size=30&page=1"));
    const body = (await res.json()) as { slug: string }[];
    expect(body.map((m) => m.slug)).toEqual(["brano-35", "brano-30", "brano-25", "brano-20", "brano-15", "brano-10", "brano-5"]);
    expect(res.headers.get("X-Total-Count")).toBe("7");
    expectRowReads("Music", { pattern: /WHERE .*LIKE/, limited: true });
  });

  it("api/music/ without page or size is still the whole list", async () => {
    const res = await musicLoader(args("/api/music/"));
    expect(((await res.json()) as unknown[]).length).toBe(MUSIC);
    expect(res.headers.get("X-Total-Count")).toBe(String(MUSIC));
  });

  it("api/news/?page=2&size=30: by news date, the five oldest, total 35", async () => {
    const res = await newsLoader(args("/api/news/?page=2&size=30"));
    const body = (await res.json()) as { slug: string; date: string }[];
    expect(body).toHaveLength(5);
    const all = (await (await newsLoader(args("/api/news/"))).json()) as { slug: string; date: string }[];
    expect(all.map((n) => n.date)).toEqual([...all.map((n) => n.date)].sort().reverse());
    expect(body).toEqual(all.slice(30));
    expect(res.headers.get("X-Total-Count")).toBe(String(NEWS));
    statements = [];
    await newsLoader(args("/api/news/?page=2&size=30"));
    expectRowReads("News", { limited: true });
  });

  it("api/category/ filters by type and q in SQL", async () => {
    const res = await categoryLoader(args("/api/category/?type=music&q=conc"));
    expect(await res.json()).toEqual([{ id: concerts, name: "Concerti", name_eng: "Concerts", type: "music" }]);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    expectRowReads("Category", { pattern: /WHERE .*`type` = .*LIKE/, limited: false });
    const byType = await categoryLoader(args("/api/category/?q=MUS"));
    expect(((await byType.json()) as { type: string }[]).map((c) => c.type)).toEqual(["music", "music"]);
  });
});

describe("latest-* and music-by-category read only what they answer", () => {
  it("latest-musics and latest-news: the newest eight, read with a LIMIT", async () => {
    const music = (await (await latestMusicLoader(args("/api/latest-musics/"))).json()) as { slug: string }[];
    expect(music.map((m) => m.slug)).toEqual(Array.from({ length: 8 }, (_, i) => `brano-${MUSIC - i}`));
    const news = (await (await latestNewsLoader(args("/api/latest-news/"))).json()) as { slug: string }[];
    const all = (await (await newsLoader(args("/api/news/"))).json()) as { slug: string }[];
    expect(news).toEqual(all.slice(0, 8));
    statements = [];
    await latestMusicLoader(args("/api/latest-musics/"));
    await latestNewsLoader(args("/api/latest-news/"));
    expectRowReads("Music", { limited: true });
    expectRowReads("News", { limited: true });
  });

  it("music-by-category: any case, filtered by the category in SQL", async () => {
    const res = await musicByCategoryLoader(args("/api/music-by-category/CONCERTI", { category: "CONCERTI" }));
    expect(((await res.json()) as { slug: string }[]).map((m) => m.slug)).toEqual([
      "brano-35",
      "brano-30",
      "brano-25",
      "brano-20",
      "brano-15",
      "brano-10",
      "brano-5",
    ]);
    expectRowReads("Music", { pattern: /WHERE .*`categoryId` IN/, limited: false });
    expect(await (await musicByCategoryLoader(args("/api/music-by-category/NESSUNA", { category: "NESSUNA" }))).json()).toEqual([]);
  });

  it("the compositions index asks for four per category", async () => {
    const groups = await compositionsOverview("it");
    expect(groups.map((g) => [g.name, g.items.map((i) => i.slug)])).toEqual([
      ["Colonne sonore", ["brano-34", "brano-33", "brano-32", "brano-31"]],
      ["Concerti", ["brano-35", "brano-30", "brano-25", "brano-20"]],
    ]);
    expectRowReads("Music", { limited: true });
  });
});

describe("admin lists use the same list functions", () => {
  it("news by creation, music newest first, both paged", async () => {
    const news = await adminNewsLoader(args("/admin/newsList?page=2"));
    expect(news.rows.map((n) => n.slug)).toEqual(["notizia-5", "notizia-4", "notizia-3", "notizia-2", "notizia-1"]);
    expect(news.state).toMatchObject({ total: NEWS, page: 2, size: "30" });
    const music = await adminMusicLoader(args("/admin/musicList?q=concerti&size=50"));
    expect(music.rows).toHaveLength(7);
    expect(music.state.total).toBe(7);
  });
});
