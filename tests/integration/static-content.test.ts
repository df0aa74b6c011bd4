import { describe, expect, it } from "vitest";
import { artDirectionCategory, artDirectionOverview } from "~/server/views/art-direction.server";
import { db } from "~/server/storage/db.server";
import { cookiePolicyPage, creditsPage, galleryItem, galleryPage, legalNotesPage, portfolioPage, privacyPage } from "~/server/views/static-pages.server";
import { defined, first } from "../support/present";

describe("pages built from the static content files", () => {
  it("art direction: intro from the 'Lable' text, labels by lable category, a label without a link opens its own page", async () => {
    // Categories decide the order; a label whose category is not in the database still shows after them.
    await db.category.createMany({
      data: [
        { name: "Officina Sonora", nameEng: "Officina Sonora", type: "lable" },
        { name: "Aulicus Classics", nameEng: "Aulicus Classics", type: "lable" },
      ],
    });
    const it = await artDirectionOverview("it");
    expect(it.intro?.title).toBe("Direzione artistica");
    expect(it.groups.map((g) => g.category)).toEqual(["Officina Sonora", "Aulicus Classics", "Nebbia Records"]);
    const labels = Object.fromEntries(it.groups.flatMap((g) => g.labels).map((l) => [l.name, l]));
    // The demo's labels are invented (no link): each opens its own page.
    expect(labels["Aulicus Classics"]).toMatchObject({ external: false, href: "/art-direction/aulicus%20classics" });
    expect(labels["Nebbia Records"]).toMatchObject({ external: false, href: "/art-direction/nebbia%20records" });
    const en = await artDirectionOverview("en");
    expect(en.intro?.description).toMatch(/^Alongside composing/);
    expect(en.groups.flatMap((g) => g.labels).find((l) => l.name === "Officina Sonora")?.href).toBe("/en/art-direction/officina%20sonora");
  });

  it("art direction category: case-insensitive, grouped, newest first, no page texts; unknown is null", async () => {
    const page = await artDirectionCategory("AULICUS%20classics", "en");
    expect(page?.category).toBe("Aulicus Classics");
    expect(page?.intro).toMatch(/^Aulicus Classics is a long-established/);
    expect(page?.groups.map((g) => g.title)).toEqual(["Record productions", "Concerts", "Festivals", "Soundtracks"]);
    const records = first(defined(page).groups, "group");
    expect(records.items.map((i) => i.year)).toEqual([2025, 2022, 2019, 2017]);
    const record = first(records.items, "record");
    expect(record).toMatchObject({ title: "Transparencies – music for harp", producer: "Aulicus Classics – «Contemporanea» series" });
    expect(record.artists).toEqual([{ id: 1, name: "Irene Galli", href: null }]);
    // An artist without a link is plain text, never "https://" (the demo invents no accounts).
    const withoutLink = page!.groups
      .flatMap((g) => g.items)
      .flatMap((i) => i.artists)
      .filter((a) => a.href === null);
    expect(withoutLink.length).toBeGreaterThan(0);
    expect(
      page!.groups
        .flatMap((g) => g.items)
        .flatMap((i) => i.artists)
        .every((a) => a.href === null || /^https:\/\/[^/]+\.[a-z]+/.test(a.href)),
    ).toBe(true);
    expect(await artDirectionCategory("nessuna", "it")).toBeNull();
    expect(await artDirectionCategory("%E0%A4%A", "it")).toBeNull();
  });

  it("credits, gallery, portfolio and legal texts in both languages", async () => {
    const credits = await creditsPage("en");
    expect(credits.map((s) => s.title)).toEqual(["Musicians", "Collaborators", "Production"]);
    expect(first(first(credits).people)).toMatchObject({ name: "Giulia Ferri", occupation: "Cello" });
    const gallery = await galleryPage("it");
    expect(gallery.map((s) => s.title)).toEqual(["Concerti", "Studio", "Backstage"]);
    expect(await galleryItem("999", "it")).toBeNull();
    expect(await galleryItem("abc", "it")).toBeNull();
    expect((await portfolioPage("en")).map((s) => s.category).slice(0, 2)).toEqual(["Film", "Theatre"]);
    expect(first(await privacyPage("en")).title).toBe("Privacy notice");
    expect(await legalNotesPage("it")).toHaveLength(4);
    const cookies = await cookiePolicyPage("en");
    expect(cookies[0]).toMatchObject({ subtitle: "What cookies are", link: null });
    expect(cookies.find((c) => c.link)?.link).toMatch(/^https:\/\//);
  });
});
