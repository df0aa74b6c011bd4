import { useTranslation } from "react-i18next";
import type { Route } from "./+types/news";
import { PageHero } from "~/components/layout/PageHero";
import { NEWS_CARD_SIZES, NewsCard } from "~/components/news/NewsCard";
import { pageMeta } from "~/lib/meta";
import { getInstance, getLang } from "~/server/i18n.server";
import { newsCards } from "~/server/news-view.server";

export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getInstance(context).t;
  const news = await newsCards(lang);
  return { news, meta: { title: t("pages:news.title"), description: t("pages:news.description") } };
}

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("news.title")} />
      <div className="news-page container">
        {loaderData.news.length === 0 ? (
          <p className="empty-message">{t("news.empty")}</p>
        ) : (
          <div className="news-grid">
            {loaderData.news.map((news, index) => (
              <NewsCard key={news.slug} news={news} priority={index === 0} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? pageMeta(matches, { ...data.meta, image: data.news.find((n) => n.image)?.image?.src, firstPicture: { image: data.news[0]?.image, sizes: NEWS_CARD_SIZES } })
    : [];
