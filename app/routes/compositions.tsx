import { useTranslation } from "~/lib/translation";
import { Link } from "react-router";
import type { Route } from "./+types/compositions";
import { MUSIC_CARD_SIZES, MusicCard } from "~/components/compositions/MusicCard";
import { PageHero } from "~/components/layout/PageHero";
import { categoryPath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { pageMeta } from "~/lib/meta";
import { compositionsOverview } from "~/server/views/compositions.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";

export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getInstance(context).t;
  const groups = await compositionsOverview(lang);
  return { groups, meta: { title: t("pages:compositions.title"), description: t("pages:compositions.description") } };
}

export default function CompositionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  return (
    <>
      <PageHero title={t("compositions.title")} />
      <div className="compositions-page container">
        {loaderData.groups.length === 0 ? <p className="empty-message">{t("compositions.empty")}</p> : null}
        {loaderData.groups.map((group, groupIndex) => (
          <section key={group.key} className="compositions-group" aria-labelledby={`group-${group.key}`}>
            <h2 id={`group-${group.key}`} className="compositions-group__title">
              {group.label}
            </h2>
            <div className="card-grid card-grid--music">
              {group.items.map((item, index) => (
                <MusicCard key={item.slug} item={item} priority={groupIndex === 0 && index === 0} />
              ))}
            </div>
            <p className="compositions-group__more">
              <Link
                className="button button--ghost"
                to={categoryPath(group.name, lang)}
                aria-label={t("compositions.exploreCategory", { category: group.label })}
              >
                {t("compositions.explore")}
              </Link>
            </p>
          </section>
        ))}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? pageMeta(matches, {
        title: data.meta.title,
        description: data.meta.description,
        image: data.groups[0]?.items[0]?.image?.src,
        firstPicture: { image: data.groups[0]?.items[0]?.image, sizes: MUSIC_CARD_SIZES },
      })
    : [];
