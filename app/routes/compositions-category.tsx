import { useTranslation } from "~/lib/translation";
import { data } from "react-router";
import type { Route } from "./+types/compositions-category";
import { MUSIC_CARD_SIZES, MusicCard } from "~/components/compositions/MusicCard";
import { PageHero } from "~/components/layout/PageHero";
import { JsonLd, useSiteUrls } from "~/components/seo/JsonLd";
import { localized } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { categoryCards, findMusicCategory } from "~/server/views/compositions.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { categoryPath, pagePath } from "~/lib/paths";
import { redirectToCanonicalPath } from "~/server/http/routes.server";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getInstance(context).t;
  const category = await findMusicCategory(params.categoryCompositions);
  if (!category) throw data(null, { status: 404 });
  redirectToCanonicalPath(request, categoryPath(category.name, lang));
  const cards = await categoryCards(category, lang);
  const label = localized(category, "name", lang);
  return { title: label.toLocaleUpperCase(lang), cards, meta: { description: t("pages:compositions.categoryDescription", { category: label }) } };
}

export default function CompositionsCategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const urls = useSiteUrls();
  const breadcrumbs = urls.breadcrumbs([
    [tc("nav.compositions"), pagePath("compositions", urls.lang)],
    [loaderData.title, urls.page],
  ]);
  return (
    <>
      <JsonLd data={breadcrumbs} />
      <PageHero title={loaderData.title} />
      <div className="compositions-page container">
        {loaderData.cards.length === 0 ? <p className="empty-message">{t("compositions.empty")}</p> : null}
        <div className="card-grid card-grid--music">
          {loaderData.cards.map((item, index) => (
            <MusicCard key={item.slug} item={item} priority={index === 0} headingLevel={2} />
          ))}
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? pageMeta(matches, {
        title: data.title,
        description: data.meta.description,
        image: data.cards[0]?.image?.src,
        firstPicture: { image: data.cards[0]?.image, sizes: MUSIC_CARD_SIZES },
      })
    : [];
