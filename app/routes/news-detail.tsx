import { useTranslation } from "~/lib/translation";
import { Link, data } from "react-router";
import type { Route } from "./+types/news-detail";
import { Picture } from "~/components/media/Picture";
import { JsonLd, useSiteUrls } from "~/components/seo/JsonLd";
import { pagePath } from "~/lib/paths";
import { pageMeta } from "~/lib/meta";
import { useLang } from "~/lib/root-data";
import { newsArticleLd } from "~/lib/structured-data";
import { getLang } from "~/server/platform/i18n.server";
import { newsDetail } from "~/server/views/news-view.server";
import { getNewsBySlug } from "~/server/domain/news.server";
import { previewFor, previewHeaders } from "~/server/http/preview.server";
import { PREVIEW_META, PreviewBanner } from "~/components/preview/PreviewBanner";

/** The news picture's slot (the article column is at most 900 px wide). */
const NEWS_PICTURE_SIZES = "(min-width: 940px) 900px, 100vw";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const item = await getNewsBySlug(params.slugNews);
  if (!item) throw data(null, { status: 404 });
  // A draft or scheduled item: 404, or a preview for staff and preview links (issue 24).
  const preview = await previewFor(request, "news", item);
  const detail = { ...(await newsDetail(item, getLang(context))), preview };
  return preview ? data(detail, { headers: previewHeaders(request) }) : detail;
}

/** A preview's private, no-store, noindex headers (none otherwise). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function NewsDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const news = loaderData;
  const { t: tc } = useTranslation();
  const urls = useSiteUrls();
  const structuredData = [
    newsArticleLd({
      headline: news.title,
      url: urls.page,
      datePublished: news.isoDate,
      image: news.image ? urls.abs(news.image.src) : undefined,
      description: news.summary,
      inLanguage: lang,
      author: tc("composerName"),
      authorUrl: urls.abs(pagePath("home", lang)),
    }),
    urls.breadcrumbs([
      [tc("nav.news"), pagePath("news", lang)],
      [news.title, urls.page],
    ]),
  ];
  return (
    <article className="news-detail container">
      <PreviewBanner preview={news.preview} />
      {news.preview ? null : <JsonLd data={structuredData} />}
      <div className="news-detail__inner">
        {news.image ? (
          <div className="news-detail__image">
            <Picture image={news.image} sizes={NEWS_PICTURE_SIZES} alt={news.title} priority />
          </div>
        ) : null}
        <div className="news-detail__meta">
          <time dateTime={news.isoDate} className="news-detail__date">
            {news.date}
          </time>
          <span className="badge">{news.category}</span>
        </div>
        <h1 className="news-detail__title">{news.title}</h1>
        {/* Sanitised on the server with an allowlist (app/server/domain/sanitize.server.ts). */}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: news.html }} />
        {news.attachments.length > 0 ? (
          <section className="attachments" aria-labelledby="attachments-title">
            <h2 id="attachments-title">{t("news.attachments")}</h2>
            <ul>
              {news.attachments.map((attachment) => (
                <li key={attachment.url}>
                  <a href={attachment.url} target="_blank" rel="noopener noreferrer">
                    {attachment.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <Link className="back-link" to={pagePath("news", lang)}>
          ← {t("news.back")}
        </Link>
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? [
        ...pageMeta(matches, {
          title: data.title,
          description: data.summary,
          image: data.image?.src,
          type: "article",
          firstPicture: { image: data.image, sizes: NEWS_PICTURE_SIZES },
        }),
        ...(data.preview ? [PREVIEW_META] : []),
      ]
    : [];
