import { useTranslation } from "react-i18next";
import type { Route } from "./+types/compositions-category";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { getInstance } from "~/server/i18n.server";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { title: t("pages.compositions") };
}

export default function CompositionsCategoryPage() {
  const { t } = useTranslation();
  return <PageHero title={t("pages.compositions")} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(matches, { title: data?.title ?? "" });
