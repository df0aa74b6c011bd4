import { describe, expect, it } from "vitest";
import { artDirectionPath, categoryPath, compositionPath, galleryItemPath, musicPath, newsPath, pagePath } from "~/lib/paths";

/** issue 10: app/lib/paths.ts is the one home of the public paths, in both languages. */
describe("public paths", () => {
  it("fixed pages: Italian unprefixed, English under /en", () => {
    expect(pagePath("home")).toBe("/");
    expect(pagePath("home", "en")).toBe("/en");
    expect(pagePath("bio", "it")).toBe("/bio");
    expect(pagePath("bio", "en")).toBe("/en/bio");
    expect(pagePath("artDirection", "en")).toBe("/en/art-direction");
    expect(pagePath("privacyPolicy", "en")).toBe("/en/privacy-policy");
    expect(pagePath("search")).toBe("/search");
    expect(pagePath("newsFeed", "en")).toBe("/en/rss.xml");
  });

  it("news: the slug URL-encoded, in both languages", () => {
    expect(newsPath("concerto-di-primavera")).toBe("/news/concerto-di-primavera");
    expect(newsPath("concerto-di-primavera", "en")).toBe("/en/news/concerto-di-primavera");
    expect(newsPath("perché sì", "en")).toBe("/en/news/perch%C3%A9%20s%C3%AC");
  });

  it("compositions: category names lower-cased and trimmed, spaces and accents encoded", () => {
    expect(categoryPath("COLONNE SONORE")).toBe("/compositions/colonne%20sonore");
    expect(categoryPath(" Musica Città ", "en")).toBe("/en/compositions/musica%20citt%C3%A0");
    expect(compositionPath("TEATRO", "la-tempesta-suite", "en")).toBe("/en/compositions/teatro/la-tempesta-suite");
    expect(compositionPath("Opere Liriche", "a/b")).toBe("/compositions/opere%20liriche/a%2Fb");
  });

  it("a saved composition: its own page, or its category's page when it is an outside link", () => {
    const item = { slug: "notturno", link: null, category: { name: "Pianoforte Solo" } };
    expect(musicPath(item)).toBe("/compositions/pianoforte%20solo/notturno");
    expect(musicPath(item, "en")).toBe("/en/compositions/pianoforte%20solo/notturno");
    expect(musicPath({ ...item, link: "https://bandcamp.com/x" })).toBe("/compositions/pianoforte%20solo");
  });

  it("art direction labels and gallery items, in both languages", () => {
    expect(artDirectionPath("Nebbia Records")).toBe("/art-direction/nebbia%20records");
    expect(artDirectionPath("Étoile Classics ", "en")).toBe("/en/art-direction/%C3%A9toile%20classics");
    expect(galleryItemPath(12)).toBe("/gallery/12");
    expect(galleryItemPath(12, "en")).toBe("/en/gallery/12");
  });
});
