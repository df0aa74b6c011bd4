import { Feed } from "feed";
import { localized, type Lang } from "~/lib/i18n";
import { newsFeedPath, newsFeedTitle } from "~/lib/meta";
import { absoluteUrl } from "~/lib/structured-data";
import { htmlExcerpt } from "~/lib/html-text";
import { mimeTypeOf } from "../storage/file-types.server";
import { sanitizeRichHtml } from "../domain/sanitize.server";
import { listNews, newsSelect } from "../domain/news.server";
import { newsPath, pagePath } from "~/lib/paths";

/** How many of the newest items a feed carries (readers keep what they have already seen). */
const FEED_ITEMS = 30;

/** The news of one language as RSS 2.0, newest first, with absolute links to the public pages. */
export async function newsFeedXml(lang: Lang, origin: string, description: string): Promise<string> {
  const { rows: news } = await listNews({ size: FEED_ITEMS }, newsSelect);
  const newsPage = absoluteUrl(origin, pagePath("news", lang));
  const feed = new Feed({
    title: newsFeedTitle(lang),
    description,
    id: newsPage,
    link: newsPage,
    language: lang,
    updated: news[0] ? new Date(`${news[0].date}T00:00:00Z`) : undefined,
    generator: false,
    copyright: `© Elena Marchetti`,
    feedLinks: { rss: absoluteUrl(origin, newsFeedPath(lang)) },
  });
  for (const item of news) {
    const link = absoluteUrl(origin, newsPath(item.slug, lang));
    const html = localized(item, "description", lang);
    feed.addItem({
      title: localized(item, "title", lang),
      id: link,
      link,
      date: new Date(`${item.date}T00:00:00Z`),
      description: htmlExcerpt(html, 300),
      content: sanitizeRichHtml(html),
      category: [{ name: localized(item.category, "name", lang) }],
      ...(item.image ? { image: { url: absoluteUrl(origin, item.image), type: mimeTypeOf(item.image), length: 0 } } : {}),
    });
  }
  return feed.rss2();
}
