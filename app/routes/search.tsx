import { useTranslation } from "react-i18next";
import type { Route } from "./+types/search";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { getInstance } from "~/server/i18n.server";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { title: t("pages.search") };
}

export default function SearchPage() {
  const { t } = useTranslation();
  return <PageHero title={t("pages.search")} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(matches, { title: data?.title ?? "" });
