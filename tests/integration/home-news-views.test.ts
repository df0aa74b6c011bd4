import { beforeAll, describe, expect, it } from "vitest";
import { musicCatalogue, findMusicCategory } from "~/server/views/compositions.server";
import { configureDatabase } from "~/server/storage/db.server";
import { bioSections, homeData } from "~/server/views/home.server";
import { newsCards, newsDetail } from "~/server/views/news-view.server";
import { listNews, newsSelect } from "~/server/domain/news.server";
import { drawContentImages, seedDemoContent } from "~/demo/seed.server";
import { missingContentImages } from "~/server/domain/content.server";
import { first } from "../support/present";

beforeAll(async () => {
  await configureDatabase();
  await drawContentImages(await missingContentImages());
  await seedDemoContent();
}, 120_000);

describe("home data", () => {
  it("has seven hero slides plus the eighth as the single image, each with its size", async () => {
    const data = await homeData("it");
    expect(data.heroSlides).toHaveLength(7);
    expect(data.heroSlides[0]).toEqual({
      src: "/media/content/hero-1.jpg",
      width: expect.any(Number),
      height: expect.any(Number),
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect(data.singleHero?.src).toBe("/media/content/hero-8.jpg");
    // tiles without an image are left out; internal links follow the language
    expect(data.tiles.map((t) => t.href)).toEqual(["/compositions", "/art-direction", "/gallery", "/credits", "/portfolio"]);
    expect((await homeData("en")).tiles[0]).toMatchObject({ href: "/en/compositions", title: "Compositions" });
    expect(data.about.length).toBe(1);
    expect(first(data.about).items.length).toBe(3);
  });

  it("cards: detail path with the lower-cased category, external links, tracks and embeddable videos", async () => {
    const { cards, categories } = await musicCatalogue("en");
    expect(categories.map((c) => c.label)).toEqual(["SOUNDTRACKS", "CONCERT MUSIC", "SOUND DESIGN", "THEATRE"]);
    expect(cards).toHaveLength(18);
    const nebbia = cards.find((c) => c.slug === "nebbia-su-ferrara")!;
    expect(nebbia).toMatchObject({
      href: "/en/compositions/colonne%20sonore/nebbia-su-ferrara",
      external: false,
      video: { url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", embedUrl: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" },
      image: { width: 1200, height: 1200 },
    });
    expect(nebbia.tracks).toHaveLength(6);
    const external = cards.filter((c) => c.external);
    expect(external.length).toBeGreaterThanOrEqual(2);
    for (const card of external) {
      expect(card.href).toMatch(/^https:\/\//);
      expect(card.tracks).toEqual([]);
    }
    // One real public video (the demo links to nothing invented)
    expect(cards.filter((c) => c.video).length).toBe(1);
  });

  it("finds a music category from its URL segment whatever the case", async () => {
    expect((await findMusicCategory("colonne sonore"))?.name).toBe("COLONNE SONORE");
    expect((await findMusicCategory("Colonne-Sonore"))?.name).toBe("COLONNE SONORE");
    expect(await findMusicCategory("eventi")).toBeNull(); // a news category is not a music one
    expect(await findMusicCategory("nope")).toBeNull();
  });

  it("bio sections follow the bio categories and the language", async () => {
    const en = await bioSections("bio", "en");
    expect(en.map((s) => s.title)).toEqual(["Education", "Career", "Recognition"]);
    expect(en.map((s) => s.items.length)).toEqual([2, 2, 1]);
    expect(first(first(en).items).title).toBe("Studies in Bologna");
  });
});

describe("news views", () => {
  it("cards have DD-MM-YYYY dates and plain excerpts of at most 150 characters; details DD/MM/YYYY and clean HTML", async () => {
    const { rows: news } = await listNews({}, newsSelect);
    const cards = await newsCards("it");
    expect(cards.map((card) => card.slug)).toEqual(news.map((n) => n.slug));
    expect(first(cards).date).toBe("09-10-2026");
    for (const card of cards) {
      expect(card.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(Array.from(card.excerpt.replace(/…$/, "")).length).toBeLessThanOrEqual(150);
      expect(card.excerpt).not.toMatch(/[<>]|&[a-z]+;/);
    }
    const detail = await newsDetail(news.at(-1)!, "en");
    expect(detail.date).toBe("18/01/2024");
    expect(detail.title).toBe("«Ravenna Notebook» out now on Aulicus Classics");
    expect(detail.html).toContain('<a href="https://en.wikipedia.org/wiki/Early_Christian_Monuments_of_Ravenna" target="_blank" rel="noopener noreferrer">');
    expect(detail.attachments).toHaveLength(2);
  });
});
