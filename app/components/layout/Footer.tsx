import { useTranslation } from "~/lib/translation";
import { Link } from "react-router";
import { LogoutButton } from "./LogoutButton";
import { COPYRIGHT_START_YEAR } from "~/lib/format";
import { pagePath } from "~/lib/paths";
import { useRootData } from "~/lib/root-data";

export function Footer() {
  const { t } = useTranslation();
  const { lang, user, year } = useRootData();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label="Footer">
          <Link className="button button--ghost" to={pagePath("works", lang)}>
            {t("footer.works")}
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
