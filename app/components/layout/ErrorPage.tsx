import { useTranslation } from "~/lib/translation";
import { isRouteErrorResponse, useLocation } from "react-router";
import { langFromPath, localizePath } from "~/lib/i18n";

/**
 * What a public page shows instead of itself when it fails: 404 for what does not exist, the
 * message of a known client error, a generic text for the rest, in the visitor's language. Rendered
 * by the public pages' layout (inside the site chrome and the player, which keep going) and by the
 * root's boundary (when the root itself failed).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname) ?? "it";
  // Server errors are logged once, with the request id, by entry.server.tsx's handleError.
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const knownClientError = isRouteErrorResponse(error) && status >= 400 && status < 500 && !notFound;
  return (
    <>
      <title>{`${notFound ? t("errors.notFoundTitle") : t("errors.errorTitle")} | ${t("composerName")}`}</title>
      <meta name="robots" content="noindex" />
      <section className="error-page container" data-status={status}>
        <p className="error-page__status">{status}</p>
        <h1>{notFound ? t("errors.notFoundTitle") : t("errors.errorTitle")}</h1>
        <p>{notFound ? t("errors.notFoundText") : knownClientError && typeof error.data === "string" ? error.data : t("errors.errorText")}</p>
        <a className="button button--primary" href={localizePath("/", lang)}>
          {t("errors.backHome")}
        </a>
      </section>
    </>
  );
}
