import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/portfolio";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { portfolioPage } from "~/server/views/static-pages.server";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("pages.portfolio"), sections: await portfolioPage(getLang(context)) };
}

export default function PortfolioPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("portfolio.heading")} />
      <div className="container portfolio">
        {loaderData.sections.map((section) => (
          <section key={section.category} className="portfolio__section">
            <h2 className="section-title">{section.category}</h2>
            <ul className="portfolio__list">
              {section.titles.map((item) => (
                <li key={item.id}>{item.title}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, { title: data?.title ?? "", description: data?.sections.map((s) => s.category).join(", ") });
