import { useTranslation } from "~/lib/translation";
import { Link, data } from "react-router";
import type { Route } from "./+types/art-direction-category";
import { WORK_CARD_SIZES, WorkCard } from "~/components/art-direction/WorkCard";
import { PageHero } from "~/components/layout/PageHero";
import { JsonLd, useSiteUrls } from "~/components/seo/JsonLd";
import { pagePath } from "~/lib/paths";
import { pageMeta } from "~/lib/meta";
import { useLang } from "~/lib/root-data";
import { slugify } from "~/lib/slug";
import { artDirectionCategory } from "~/server/views/art-direction.server";
import { getLang } from "~/server/platform/i18n.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await artDirectionCategory(params.dataCategory, getLang(context));
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function ArtDirectionCategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const { category, intro, groups } = loaderData;
  const { t: tc } = useTranslation();
  const urls = useSiteUrls();
  const breadcrumbs = urls.breadcrumbs([
    [tc("nav.artDirection"), pagePath("artDirection", lang)],
    [category, urls.page],
  ]);
  return (
    <>
      <JsonLd data={breadcrumbs} />
      <PageHero title={category.toLocaleUpperCase(lang)} />
      <div className="container art-direction">
        {intro ? <p className="art-direction__intro">{intro}</p> : null}
        {groups.length === 0 ? <p>{t("artDirection.empty")}</p> : null}
        {groups.map((group, groupIndex) => (
          <section key={group.subcategory} className="works" aria-labelledby={`works-${slugify(group.subcategory)}`}>
            <h2 className="section-title" id={`works-${slugify(group.subcategory)}`}>
              {group.title}
            </h2>
            <div className="card-grid">
              {group.items.map((work, index) => (
                <WorkCard key={work.id} work={work} priority={groupIndex === 0 && index === 0} />
              ))}
            </div>
          </section>
        ))}
        <p className="art-direction__back">
          <Link className="button button--ghost" to={pagePath("artDirection", lang)}>
            {t("artDirection.backToLabels")}
          </Link>
        </p>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  pageMeta(matches, {
    title: page?.category ?? "",
    description: page?.intro?.slice(0, 160),
    image: page?.groups[0]?.items[0]?.image?.src,
    firstPicture: { image: page?.groups[0]?.items[0]?.image, sizes: WORK_CARD_SIZES },
  });
