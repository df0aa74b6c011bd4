import type { Prisma } from "~/generated/prisma/client";
import { formatDateDash, formatDateSlash } from "~/lib/format";
import { localized, type Lang } from "~/lib/i18n";
import type { NewsCardData } from "~/lib/news-card";
import { htmlExcerpt } from "~/lib/html-text";
import { sanitizeNewsHtml } from "./sanitize.server";
import { imageInfo } from "./images.server";
import { findNews, newsSelect, type NewsItem } from "./news.server";
import { untilContentChanged } from "./read-cache.server";
import { newsPath } from "~/lib/paths";

/** What a card shows of a news item: the public row without its id, creation time and attachments. */
const { id: _id, createdAt: _createdAt, attachments: _attachments, category: _category, ...newsCardFields } = newsSelect;
const newsCardSelect = { ...newsCardFields, category: { select: { name: true, nameEng: true } } } as const satisfies Prisma.NewsSelect;

type NewsCardRow = Prisma.NewsGetPayload<{ select: typeof newsCardSelect }>;

/** Every news item as a card, newest news date first (the /news page). Kept until the content changes (shared: do not mutate). */
export function newsCards(lang: Lang): Promise<NewsCardData[]> {
  return untilContentChanged(`news-cards:${lang}`, async () => Promise.all((await findNews({}, newsCardSelect)).map((item) => newsCard(item, lang))));
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
    html: sanitizeNewsHtml(html),
    summary: htmlExcerpt(html, 160),
    image: await imageInfo(item.image),
    attachments: item.attachments,
  };
}

