import { categoryPath, compositionPath, eventPath, galleryItemPath, newsPath, pagePath } from "~/lib/paths";
import { artDirectionOverview } from "./art-direction.server";
import type { ContentKind } from "~/lib/content-types";
import { contentList, contentUpdatedAt } from "../domain/content.server";
import { db } from "../storage/db.server";
import { visibleToVisitors } from "../storage/publication.server";

/** A public page by its Italian path (the English twin is derived) and when it last changed. */
export type SitemapEntry = { path: string; lastmod: Date };

const latest = (dates: Date[]) => new Date(Math.max(0, ...dates.map((d) => d.getTime())));

/**
 * Every public page a search engine should know: the fixed pages, the composition categories,
 * the label pages, the gallery items, every composition with its own page, every news item and
 * every concert.
 * Search results, sign-in and admin pages are left out on purpose.
 */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  // Only what visitors may see: drafts and scheduled items are not public pages yet (issue 24).
  const visible = visibleToVisitors();
  const [news, events, music, musicCategories] = await Promise.all([
    db.news.findMany({ where: visible, select: { slug: true, updatedAt: true }, orderBy: { date: "desc" } }),
    db.event.findMany({ where: visible, select: { slug: true, updatedAt: true }, orderBy: { startsAt: "desc" } }),
    db.music.findMany({
      where: visible,
      select: { slug: true, link: true, updatedAt: true, category: { select: { name: true } } },
      orderBy: { createdAt: "asc" },
    }),
    db.category.findMany({
      where: { type: "music" },
      select: { name: true, createdAt: true, music: { where: visible, select: { updatedAt: true } } },
      orderBy: { id: "asc" },
    }),
  ]);
  const updatedAt = await contentUpdatedAt();
  const fromContent = (...kinds: ContentKind[]) => latest(kinds.map((kind) => updatedAt[kind]));
  const newsChanged = latest(news.map((n) => n.updatedAt));
  const musicChanged = latest(music.map((m) => m.updatedAt));
  const eventsChanged = latest(events.map((e) => e.updatedAt));
  const siteChanged = latest([newsChanged, musicChanged, fromContent("slider_hero", "album_desciption", "internal_link", "follows", "bio")]);
  const labels = (await artDirectionOverview("it")).groups.flatMap((g) => g.labels).filter((l) => !l.external);
  const gallery = await contentList("gallery");

  return [
    { path: pagePath("home"), lastmod: siteChanged },
    { path: pagePath("bio"), lastmod: fromContent("bio") },
    { path: pagePath("compositions"), lastmod: musicChanged },
    { path: pagePath("works"), lastmod: musicChanged },
    { path: pagePath("artDirection"), lastmod: fromContent("artistic_direction", "lable") },
    { path: pagePath("portfolio"), lastmod: fromContent("portfolio") },
    { path: pagePath("gallery"), lastmod: fromContent("gallery") },
    { path: pagePath("credits"), lastmod: fromContent("credits") },
    // The contact page has no content of its own: it changes with the site.
    { path: pagePath("contacts"), lastmod: siteChanged },
    { path: pagePath("news"), lastmod: newsChanged },
    { path: pagePath("events"), lastmod: eventsChanged },
    { path: pagePath("privacyPolicy"), lastmod: fromContent("privacy_policy") },
    { path: pagePath("legalNotes"), lastmod: fromContent("legal_notes") },
    { path: pagePath("cookiePolicy"), lastmod: fromContent("cookie_policy") },
    // The press kit (issue 38): its compositions' changes show in their own entries.
    { path: pagePath("press"), lastmod: fromContent("press_bio", "press_photos", "press_quotes") },
    ...musicCategories
      .filter((c) => c.music.length > 0)
      .map((c) => ({ path: categoryPath(c.name), lastmod: latest([c.createdAt, ...c.music.map((m) => m.updatedAt)]) })),
    ...labels.map((l) => ({ path: l.href, lastmod: fromContent("artistic_direction", "lable") })),
    ...gallery.map((g) => ({ path: galleryItemPath(g.id), lastmod: fromContent("gallery") })),
    // Items with an external link have no page of their own (their card links out).
    ...music.filter((m) => !m.link?.trim()).map((m) => ({ path: compositionPath(m.category.name, m.slug), lastmod: m.updatedAt })),
    ...news.map((n) => ({ path: newsPath(n.slug), lastmod: n.updatedAt })),
    ...events.map((e) => ({ path: eventPath(e.slug), lastmod: e.updatedAt })),
  ];
}
