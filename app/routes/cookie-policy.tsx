import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/cookie-policy";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { cookiePolicyPage } from "~/server/views/static-pages.server";
import { RichText } from "~/components/layout/RichText";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("pages.cookies"), items: await cookiePolicyPage(getLang(context)) };
}

export default function CookiePolicyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("legal.cookieHeading")} />
      <div className="container legal">
        {loaderData.items.map((item) => (
          <section key={item.id} className="legal__section">
            <h2>{item.subtitle}</h2>
            <RichText html={item.description} />
            {item.link ? (
              <p>
                <a href={item.link} target="_blank" rel="noopener noreferrer">
                  {t("legal.moreInfo")}
                </a>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, { title: data?.title ?? "", description: data?.items[0]?.description.slice(0, 160) });
