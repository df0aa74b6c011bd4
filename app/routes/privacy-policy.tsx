import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/privacy-policy";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { privacyPage } from "~/server/views/static-pages.server";
import { RichText } from "~/components/layout/RichText";

export async function loader({ context }: Route.LoaderArgs) {
  const blocks = await privacyPage(getLang(context));
  return { title: getInstance(context).t("pages.privacy"), blocks };
}

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("legal.privacyHeading")} />
      <div className="container legal">
        {loaderData.blocks.map((block) => (
          <section key={block.id} className="legal__block">
            <h2 className="legal__upper-title">{block.title}</h2>
            {block.sections.map((s) => (
              <div key={s.id} className="legal__section">
                <h3>{s.subtitle}</h3>
                <RichText html={s.description} />
              </div>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, { title: data?.title ?? "", description: data?.blocks[0]?.sections[0]?.description.slice(0, 160) });
