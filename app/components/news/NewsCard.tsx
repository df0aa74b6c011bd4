import { useTranslation } from "~/lib/translation";
import { Link } from "react-router";
import { ImageFallback, Picture } from "~/components/media/Picture";
import type { NewsCardData } from "~/lib/news-card";

/** The slot of a card in `.news-grid` (also the list page's preload, app/lib/meta.ts). */
export const NEWS_CARD_SIZES = "(min-width: 1400px) 25vw, (min-width: 1200px) 33vw, (min-width: 992px) 50vw, 100vw";

/** `priority`: the first card of a list, the page's largest picture on a phone: fetched at once. */
export function NewsCard({ news, priority = false }: { news: NewsCardData; priority?: boolean }) {
  const { t } = useTranslation("pages");
  return (
    <article className="news-card" data-slug={news.slug}>
      <Link to={news.href} className="news-card__media" tabIndex={-1} aria-hidden="true">
        {news.image ? (
          <Picture image={news.image} sizes={NEWS_CARD_SIZES} alt="" priority={priority} className="news-card__img" />
        ) : (
          <ImageFallback className="news-card__img" />
        )}
      </Link>
      <div className="news-card__body">
        <span className="badge">{news.category}</span>
        <time className="news-card__date" dateTime={news.isoDate}>
          {news.date}
        </time>
        <h2 className="news-card__title">
          <Link to={news.href}>{news.title}</Link>
        </h2>
        <p className="news-card__excerpt">{news.excerpt}</p>
        <Link to={news.href} className="button button--ghost button--small news-card__more" aria-label={`${t("news.readMore")}: ${news.title}`}>
          {t("news.readMore")}
        </Link>
      </div>
    </article>
  );
}
