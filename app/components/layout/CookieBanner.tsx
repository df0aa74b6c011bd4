import { useTranslation } from "~/lib/translation";
import { Link, useFetcher, useLocation } from "react-router";
import { pageQuery } from "~/lib/page-query";
import { pagePath } from "~/lib/paths";
import { useRootData } from "~/lib/root-data";

/**
 * SPEC.md 2.3/4: shown until accepted. Without JavaScript the form posts and the server redirects
 * back; with it, a fetcher posts and the banner hides at once (no reload).
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const { cookieConsent, lang } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  if (cookieConsent || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section className="cookie-banner" aria-label={t("cookies.label")}>
      <p>
        {t("cookies.text")} <Link to={pagePath("cookiePolicy", lang)}>{t("cookies.more")}</Link>
      </p>
      <fetcher.Form method="post" action="/cookie-consent">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${pageQuery(location.search)}`} />
        <button type="submit" name="intent" value="accept" className="button button--primary">
          {t("cookies.accept")}
        </button>
      </fetcher.Form>
    </section>
  );
}
