import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/news-detail";
import { useSiteUrls } from "~/components/seo/JsonLd";
import { pagePath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { newsArticleLd } from "~/lib/structured-data";
import { getLang } from "~/server/platform/i18n.server";
import { newsDetail } from "~/server/views/news-view.server";
import { getNewsBySlug } from "~/server/domain/news.server";
import { previewableDetail } from "~/server/http/preview.server";
import { DetailArticle, detailPageMeta } from "~/components/layout/DetailArticle";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // A draft or scheduled one: 404, or a preview for staff and preview links (issue 24).
  return previewableDetail(request, "news", await getNewsBySlug(params.slugNews), (item) => newsDetail(item, getLang(context)));
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
    <DetailArticle page={news} structuredData={structuredData} back={{ to: pagePath("news", lang), label: t("news.back") }}>
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
    </DetailArticle>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? detailPageMeta(matches, data, { description: data.summary, type: "article" }) : []);
