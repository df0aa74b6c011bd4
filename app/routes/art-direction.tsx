import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { Link } from "react-router";
import type { Route } from "./+types/art-direction";
import { PageHero } from "~/components/layout/PageHero";
import { TitledSection } from "~/components/layout/TitledSection";
import { Picture } from "~/components/media/Picture";
import { pageMeta } from "~/lib/meta";
import { artDirectionOverview } from "~/server/views/art-direction.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";

export async function loader({ context }: Route.LoaderArgs) {
  const overview = await artDirectionOverview(getLang(context));
  return { title: getInstance(context).t("pages.artDirection"), ...overview };
}

function LabelLink({ href, external, children }: { href: string; external: boolean; children: ReactNode }) {
  return external ? (
    <a className="label-card__link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <Link className="label-card__link" to={href}>
      {children}
    </Link>
  );
}

export default function ArtDirectionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { intro, groups } = loaderData;
  return (
    <>
      <PageHero title={t("artDirection.heading")} />
      <div className="container art-direction">
        {intro ? <p className="art-direction__intro">{intro.description}</p> : null}
        <TitledSection className="labels" titleId="labels-title" title={t("artDirection.labels")}>
          <div className="labels__groups">
            {groups.map((group) => (
              <div key={group.category} className="labels__group">
                <h3 className="labels__category">{group.category}</h3>
                <ul className="labels__list">
                  {group.labels.map((label) => (
                    <li key={label.id} className="label-card">
                      <LabelLink href={label.href} external={label.external}>
                        {label.image ? (
                          <Picture image={label.image} alt={label.name} sizes="(min-width: 992px) 33vw, 100vw" className="card-image label-card__image" />
                        ) : (
                          <span className="label-card__name">{label.name}</span>
                        )}
                        {label.external ? <span className="visually-hidden"> {t("artDirection.opensNewTab")}</span> : null}
                      </LabelLink>
                      {label.description ? <p className="label-card__description">{label.description}</p> : null}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </TitledSection>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, { title: data?.title ?? "", description: data?.intro?.description.slice(0, 160), image: data?.groups[0]?.labels[0]?.image?.src });
