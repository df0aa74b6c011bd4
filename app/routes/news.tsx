import { useTranslation } from "~/lib/translation";
import { data, redirect } from "react-router";
import type { Route } from "./+types/news";
import { PageHero } from "~/components/layout/PageHero";
import { Pagination } from "~/components/layout/Pagination";
import { NEWS_CARD_SIZES, NewsCard } from "~/components/news/NewsCard";
import type { Lang } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { newsCardsPage } from "~/server/views/news-view.server";

/** `?page=N` of the list; page 1 is the bare URL. */
function pageHref(lang: Lang, page: number): string {
  return page === 1 ? pagePath("news", lang) : `${pagePath("news", lang)}?page=${page}`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getInstance(context).t;
  const requested = new URL(request.url).searchParams.get("page");
  // One URL per page: `?page=1` is the list itself; anything but a page number, or a page past the
  // last, is no page of the list (404, with the not-found page's links back into the site).
  if (requested === "1") throw redirect(pageHref(lang, 1), 301);
  const page = requested === null ? 1 : /^[1-9]\d{0,5}$/.test(requested) ? Number(requested) : 0;
  if (page === 0) throw data(null, { status: 404 });
  const { cards, pageCount } = await newsCardsPage(lang, page);
  if (page > pageCount) throw data(null, { status: 404 });
  const title = page === 1 ? t("pages:news.title") : t("pages:news.pageTitle", { page });
  const neighbours = { prev: page > 1 ? pageHref(lang, page - 1) : null, next: page < pageCount ? pageHref(lang, page + 1) : null };
  return { news: cards, page, pageCount, neighbours, meta: { title, description: t("pages:news.description") } };
}

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const { news, page, pageCount } = loaderData;
  return (
    <>
      <PageHero title={t("news.title")} />
      <div className="news-page container">
        {news.length === 0 ? (
          <p className="empty-message">{t("news.empty")}</p>
        ) : (
          <div className="news-grid">
            {news.map((item, index) => (
              <NewsCard key={item.slug} news={item} priority={index === 0} />
            ))}
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => pageHref(lang, p)} label={t("news.pagination")} />
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  // The neighbouring pages of the list, for clients that read them (the pagination links carry the same rel).
  const neighbours = Object.entries(data.neighbours).flatMap(([rel, href]) => (href ? [{ tagName: "link" as const, rel, href }] : []));
  return [
    ...pageMeta(matches, {
      ...data.meta,
      image: data.news.find((n) => n.image)?.image?.src,
      firstPicture: { image: data.news[0]?.image, sizes: NEWS_CARD_SIZES },
    }),
    ...neighbours,
  ];
};
