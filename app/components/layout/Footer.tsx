import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoutButton } from "./LogoutButton";
import { COPYRIGHT_START_YEAR } from "~/lib/format";
import { localizePath } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";

export function Footer() {
  const { t } = useTranslation();
  const { lang, user, year } = useRootData();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label="Footer">
          <Link className="button button--ghost" to={localizePath("/privacy-policy", lang)}>
            {t("footer.privacy")}
          </Link>
          <Link className="button button--ghost" to={localizePath("/cookie-policy", lang)}>
            {t("footer.cookies")}
          </Link>
          <Link className="button button--ghost" to={localizePath("/legal-notes", lang)}>
            {t("footer.legal")}
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
        <p className="footer__copyright">
          {`© ${COPYRIGHT_START_YEAR} - ${year} ${t("composerName")}. ${t("footer.rights")}`}
        </p>
      </div>
    </footer>
  );
}
