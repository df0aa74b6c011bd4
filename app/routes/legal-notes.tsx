import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/legal-notes";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { legalNotesPage } from "~/server/views/static-pages.server";
import { RichText } from "~/components/layout/RichText";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("pages.legal"), notes: await legalNotesPage(getLang(context)) };
}

export default function LegalNotesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("legal.legalHeading")} />
      <div className="container legal">
        <section className="legal__block">
          <h2 className="legal__upper-title">{t("legal.copyright")}</h2>
          {loaderData.notes.map((n) => (
            <RichText key={n.id} html={n.description} />
          ))}
        </section>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, { title: data?.title ?? "", description: data?.notes[0]?.description.slice(0, 160) });
