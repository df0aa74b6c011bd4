import { afterEach, describe, expect, it, vi } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { contentChanged } from "~/server/storage/content-version.server";
import { db } from "~/server/storage/db.server";
import { SEARCH_PAGE_SIZE, searchSite } from "~/server/domain/search.server";
import { first } from "../support/present";

/** A content write as the domain makes one: the change and the content version in one transaction. */
function changeContent(write: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  return db.$transaction(async (tx) => {
    await write(tx);
    await contentChanged(tx);
  });
}

async function seed() {
  const music = await db.category.create({ data: { name: "COLONNE SONORE", nameEng: "SOUNDTRACKS", type: "music" } });
  const news = await db.category.create({ data: { name: "Eventi", nameEng: "Events", type: "news" } });
  await db.category.create({ data: { name: "Nebbia Records", nameEng: "Nebbia Records", type: "lable" } });
  for (let i = 1; i <= 30; i++) {
    await db.music.create({
      data: {
        slug: `brano-${i}`,
        title: `Brano numero ${i}`,
        description: "Musica per archi",
        descriptionEng: "Music for strings",
        img: "",
        categoryId: music.id,
      },
    });
  }
  await db.news.create({
    data: {
      slug: "perche",
      title: "Perché ascoltare il silenzio",
      titleEng: "Why listen to silence",
      description: "<p>Un&#39;altra &egrave; storia</p>",
      descriptionEng: "",
      date: "2025-01-01",
      categoryId: news.id,
    },
  });
  return { music, news };
}

describe("site search over the database and the content files", () => {
  it("pages 12 at a time, localises titles and badges, and follows changes to the data", async () => {
    const { news } = await seed();
    const page1 = await searchSite("brano", "it", 1);
    // The 30 compositions (a title hit, first), then a biography text and a gallery item that say "brano".
    expect(page1.total).toBe(32);
    expect(page1.pageCount).toBe(3);
    expect(page1.results).toHaveLength(SEARCH_PAGE_SIZE);
    const page3 = await searchSite("brano", "it", 3);
    expect(page3.results).toHaveLength(8);
    expect(page3.results.slice(-2).map((r) => r.type)).toEqual(["bio", "gallery"]);
    expect((await searchSite("brano", "it", 99)).page).toBe(3);

    const en = await searchSite("PERCHE", "en");
    expect(en.results.filter((r) => r.type === "news").map((r) => [r.title, r.category, r.type, r.href])).toEqual([
      ["Why listen to silence", "Events", "news", "/news/perche"],
    ]);
    // The edited content answers in the page's language too (a portfolio title "Perché la notte").
    expect(en.results.map((r) => [r.title, r.category, r.type, r.href])).toContainEqual([
      "Why the Night – short film, original score (2010)",
      "Film",
      "portfolio",
      "/portfolio",
    ]);
    expect((await searchSite("storia", "it")).total).toBe(1); // decoded HTML
    // Art direction works come from content/data, without the label and description texts.
    const ad = await searchSite("pianura elettrica", "en");
    expect(ad.results.map((r) => [r.type, r.category])).toContainEqual(["artDirection", "Nebbia Records"]);
    expect((await searchSite("direzione artistica", "it")).results.filter((r) => r.type === "artDirection").map((r) => r.title)).not.toContain(
      "Direzione artistica",
    );

    // A new row, an edit and a deletion are seen by the next search (each write moves the content version).
    await changeContent((tx) =>
      tx.news.create({ data: { slug: "nuova", title: "Nuovissima uscita", titleEng: "Brand new release", date: "2025-02-01", categoryId: news.id } }),
    );
    expect((await searchSite("nuovissima", "it")).total).toBe(1);
    await changeContent((tx) => tx.news.update({ where: { slug: "nuova" }, data: { title: "Titolo cambiato" } }));
    expect((await searchSite("nuovissima", "it")).total).toBe(0);
    expect((await searchSite("cambiato", "it")).total).toBe(1);
    await changeContent((tx) => tx.news.delete({ where: { slug: "nuova" } }));
    expect((await searchSite("cambiato", "it")).total).toBe(0);
    // A renamed category changes the badge.
    await changeContent((tx) => tx.category.update({ where: { id: news.id }, data: { nameEng: "Happenings" } }));
    expect(first((await searchSite("silence", "en")).results).category).toBe("Happenings");
  });

  it("an empty query gives no results", async () => {
    expect(await searchSite("   ", "it")).toEqual({ query: "", page: 1, pageCount: 0, total: 0, results: [] });
  });
});

describe("search page loader", () => {
  afterEach(() => {
    vi.doUnmock("~/server/domain/search.server");
    vi.doUnmock("~/server/platform/i18n.server");
    vi.resetModules();
  });

  it("shows the load-failure alert instead of failing when the data cannot be read", async () => {
    vi.resetModules();
    vi.doMock("~/server/platform/i18n.server", () => ({ getLang: () => "it", getInstance: () => ({ t: (k: string) => k }) }));
    vi.doMock("~/server/domain/search.server", () => ({
      searchSite: () => Promise.reject(new Error("database is locked")),
    }));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const { loader } = await import("~/routes/search");
    const data = await loader({ request: new Request("http://x/search?query=perche"), context: {} } as never);
    expect(data).toMatchObject({ error: true, query: "perche", results: [] });
    spy.mockRestore();
  });
});
