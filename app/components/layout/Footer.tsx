import { useTranslation } from "~/lib/translation";
import { lazy, Suspense, useState } from "react";
import { Link, useFetcher } from "react-router";
import { LogoutButton } from "./LogoutButton";
import { COPYRIGHT_START_YEAR } from "~/lib/format";
import { pagePath } from "~/lib/paths";
import { useRootData } from "~/lib/root-data";

export function Footer() {
  const { t } = useTranslation();
  const { lang, user, year, newsletter } = useRootData();
  return (
    <footer className="footer">
      <div className="footer__inner">
        {newsletter ? <NewsletterSignup /> : null}
        <nav className="footer__links" aria-label="Footer">
          <Link className="button button--ghost" to={pagePath("works", lang)}>
            {t("footer.works")}
          </Link>
          <Link className="button button--ghost" to={pagePath("events", lang)}>
            {t("footer.events")}
          </Link>
          <Link className="button button--ghost" to={pagePath("privacyPolicy", lang)}>
            {t("footer.privacy")}
          </Link>
          <Link className="button button--ghost" to={pagePath("cookiePolicy", lang)}>
            {t("footer.cookies")}
          </Link>
          <Link className="button button--ghost" to={pagePath("legalNotes", lang)}>
            {t("footer.legal")}
          </Link>
          <Link className="button button--ghost" to={pagePath("press", lang)}>
            {t("footer.press")}
          </Link>
          {user ? (
            <>
              <Link className="button button--ghost" to="/admin" reloadDocument>
                {t("footer.dashboard")}
              </Link>
              <LogoutButton label={t("footer.logout")} />
            </>
          ) : (
            <Link className="button button--ghost" to="/login">
              {t("footer.login")}
            </Link>
          )}
        </nav>
        <p className="footer__copyright">{`© ${COPYRIGHT_START_YEAR} - ${year} ${t("composerName")}. ${t("footer.rights")}`}</p>
      </div>
    </footer>
  );
}

/** The footer's sign-up, second step with JavaScript: a chunk of its own, fetched on the first press. */
const FooterSignupCheck = lazy(() => import("~/components/newsletter/FooterSignupCheck"));

/**
 * Issue 37: the newsletter's sign-up on every public page. Without JavaScript a native post to
 * /newsletter, which asks for the bot check with what was typed kept: the page may come from the page
 * cache, which holds no per-visitor challenge. With JavaScript the same form asks for the check in
 * place and posts inline (FooterSignupCheck), with no page change.
 */
function NewsletterSignup() {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const fetcher = useFetcher<{ status: string }>({ key: "newsletter-footer" });
  const [checking, setChecking] = useState(false);
  return (
    <fetcher.Form
      method="post"
      action={lang === "en" ? "/en/newsletter" : "/newsletter"}
      className="newsletter-footer"
      aria-labelledby="newsletter-footer-title"
      // The first press is checked by the browser; then the proof-of-work check, which marks itself
      // required, is one way out of two (the code is the other): the server names what is missing.
      noValidate={checking}
      onSubmit={(event) => {
        if (checking) return;
        event.preventDefault();
        setChecking(true);
      }}
    >
      <h2 className="newsletter-footer__title" id="newsletter-footer-title">
        {t("footer.newsletterTitle")}
      </h2>
      {fetcher.data?.status === "accepted" ? null : (
        <>
          <label className="newsletter-footer__field">
            <span>{t("footer.newsletterEmail")}</span>
            <input type="email" name="email" autoComplete="email" maxLength={254} required />
          </label>
          <label className="newsletter-footer__field">
            <span>{t("footer.newsletterLang")}</span>
            <select name="lang" defaultValue={lang}>
              <option value="it">Italiano</option>
              <option value="en">English</option>
            </select>
          </label>
          <label className="newsletter-footer__consent">
            <input type="checkbox" name="consent" required />
            <span>
              {t("footer.newsletterConsent")} (<a href={pagePath("privacyPolicy", lang)}>{t("footer.privacy")}</a>)
            </span>
          </label>
        </>
      )}
      {checking ? (
        <Suspense>
          <FooterSignupCheck lang={lang} fetcherKey="newsletter-footer" />
        </Suspense>
      ) : (
        <button type="submit" name="intent" value="footer" className="button button--primary">
          {t("footer.newsletterSubscribe")}
        </button>
      )}
    </fetcher.Form>
  );
}
