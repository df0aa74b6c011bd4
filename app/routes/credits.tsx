import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/credits";
import { PageHero } from "~/components/layout/PageHero";
import { Picture } from "~/components/media/Picture";
import { CARD_GRID_SIZES } from "~/lib/images";
import { pageMeta } from "~/lib/meta";
import { slugify } from "~/lib/slug";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { creditsPage } from "~/server/views/static-pages.server";
import { RichText } from "~/components/layout/RichText";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("pages.credits"), sections: await creditsPage(getLang(context)) };
}

export default function CreditsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("credits.heading")} />
      <div className="container credits">
        {loaderData.sections.map((section) => (
          <section key={section.category} className="credits__section" aria-labelledby={`credits-${slugify(section.category)}`}>
            <h2 className="section-title" id={`credits-${slugify(section.category)}`}>
              {section.title}
            </h2>
            <div className="card-grid">
              {section.people.map((person) => (
                <article key={person.id} className="person-card">
                  {person.image ? <Picture image={person.image} alt={person.name} sizes={CARD_GRID_SIZES} className="person-card__image" /> : null}
                  <div className="person-card__body">
                    <h3 className="person-card__name">{person.name}</h3>
                    <span className="badge">{person.occupation}</span>
                    <RichText html={person.text} />
                  </div>
                </article>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.title ?? "",
    description: data?.sections.flatMap((s) => s.people.map((p) => p.name)).join(", "),
    image: data?.sections[0]?.people[0]?.image?.src,
  });
