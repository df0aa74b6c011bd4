import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/bio";
import { pageMeta } from "~/lib/meta";
import { bioSections } from "~/server/views/home.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { RichText } from "~/components/layout/RichText";

export async function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const sections = await bioSections("bio", getLang(context));
  return { sections, meta: { title: t("pages:bio.title"), description: t("pages:bio.description") } };
}

export default function BioPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <section className="page-hero page-hero--dark">
        <div className="container">
          <h1 className="page-hero__title">{t("bio.title")}</h1>
        </div>
      </section>
      <div className="bio-page container">
        {loaderData.sections.map((section) => (
          <section key={section.id} className="bio-section" aria-labelledby={`bio-${section.id}`}>
            <h2 id={`bio-${section.id}`} className="bio-section__title">
              {section.title}
            </h2>
            {section.items.map((item) => (
              <div key={item.id} className="bio-text">
                <h3>{item.title}</h3>
                <RichText html={item.text} />
              </div>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta(matches, data.meta) : []);
