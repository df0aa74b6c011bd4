import type { Prisma } from "~/generated/prisma/client";
import { formatDateDash, formatDateSlash } from "~/lib/format";
import { localized, type Lang } from "~/lib/i18n";
import type { NewsCardData } from "~/lib/news-card";
import { htmlExcerpt } from "~/lib/html-text";
import { sanitizeRichHtml } from "../domain/sanitize.server";
import { imageInfo } from "../storage/images.server";
import { findNews, newsSelect, type NewsItem } from "../domain/news.server";
import { untilContentChanged } from "../storage/read-cache.server";
import { newsPath } from "~/lib/paths";

/** What a card shows of a news item: the public row without its id, creation time and attachments. */
const { id: _id, createdAt: _createdAt, attachments: _attachments, category: _category, ...newsCardFields } = newsSelect;
const newsCardSelect = { ...newsCardFields, category: { select: { name: true, nameEng: true } } } as const satisfies Prisma.NewsSelect;

type NewsCardRow = Prisma.NewsGetPayload<{ select: typeof newsCardSelect }>;

/** Every news item as a card, newest news date first (the /news page). Kept until the content changes (shared: do not mutate). */
export function newsCards(lang: Lang): Promise<NewsCardData[]> {
  return untilContentChanged(`news-cards:${lang}`, async () => Promise.all((await findNews({}, newsCardSelect)).map((item) => newsCard(item, lang))));
}

/** Cards a page of the /news list holds: 12 fill whole rows at 4, 3, 2 and 1 cards a row (SPEC.md 2.8). */
const NEWS_PAGE_SIZE = 12;

/**
 * One page (from 1) of the /news list and how many pages there are (at least one, empty or not).
 * Sliced from the kept list of every card, so the read cache keeps one entry per language whatever
 * page numbers are asked for.
 */
export async function newsCardsPage(lang: Lang, page: number): Promise<{ cards: NewsCardData[]; pageCount: number }> {
  const all = await newsCards(lang);
  return { cards: all.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE), pageCount: Math.max(1, Math.ceil(all.length / NEWS_PAGE_SIZE)) };
}

/** A news card (SPEC.md 2.8): DD-MM-YYYY, plain-text excerpt of 150 characters, category badge. */
async function newsCard(item: NewsCardRow, lang: Lang): Promise<NewsCardData> {
  return {
    slug: item.slug,
    href: newsPath(item.slug, lang),
    title: localized(item, "title", lang),
    date: formatDateDash(item.date),
    isoDate: item.date,
    excerpt: htmlExcerpt(localized(item, "description", lang)),
    category: localized(item.category, "name", lang),
    image: await imageInfo(item.image),
  };
}

/** The detail page: DD/MM/YYYY, sanitised rich description, attachments. */
export async function newsDetail(item: NewsItem, lang: Lang) {
  const html = localized(item, "description", lang);
  return {
    slug: item.slug,
    title: localized(item, "title", lang),
    date: formatDateSlash(item.date),
    isoDate: item.date,
    category: localized(item.category, "name", lang),
    html: sanitizeRichHtml(html),
    summary: htmlExcerpt(html, 160),
    image: await imageInfo(item.image),
    attachments: item.attachments,
  };
}
