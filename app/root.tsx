import { useEffect } from "react";
import { useChangeLanguage, useTranslation } from "~/lib/translation";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, redirect, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { CookieBanner } from "~/components/layout/CookieBanner";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { Footer } from "~/components/layout/Footer";
import { Navbar } from "~/components/layout/Navbar";
import { AudioPlayer } from "~/components/player/AudioPlayer";
import { PlayerProvider } from "~/components/player/player-context";
import { FIRST_PAINT_LOADER } from "~/lib/after-first-paint";
import { LANGUAGES, isLang, isLocalizablePath, langFromPath, localizePath, type Lang } from "~/lib/i18n";
import { useNonce } from "~/lib/nonce";
import type { RootData } from "~/lib/root-data";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { useRouteFocus } from "~/lib/use-route-focus";
import { hasCookieConsent } from "~/server/http/cookie-consent.server";
import { requestInfoContext } from "~/server/http/context.server";
import { getLang, i18nextMiddleware, langCookie, savedLang } from "~/server/platform/i18n.server";
import { publicOrigin } from "~/server/http/origin.server";
import { getOptionalUser } from "~/server/domain/session.server";
import { isMailConfigured } from "~/server/platform/mail.server";
import siteCss from "~/styles/site.css?inline";

/**
 * `?lng=xx` (the language toggle) saves the choice and drops the parameter; a visitor who chose
 * English and opens an Italian URL is sent to its /en twin.
 */
const languageChoiceMiddleware: Route.MiddlewareFunction = async ({ request }) => {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  const requested = url.searchParams.get("lng");
  if (isLang(requested)) {
    url.searchParams.delete("lng");
    // The path is the visitor's own input ("//evil.example/x?lng=it"): same-origin or home.
    const target = safeRedirectPath(`${localizePath(url.pathname, requested)}${url.search}`, localizePath("/", requested));
    throw redirect(target, {
      headers: { "Set-Cookie": await langCookie.serialize(requested) },
    });
  }
  if (!langFromPath(url.pathname) && isLocalizablePath(url.pathname) && (await savedLang(request)) === "en") {
    throw redirect(safeRedirectPath(`${localizePath(url.pathname, "en")}${url.search}`, "/en"));
  }
};

/** The access log names the staff member behind a request (the session cookie is only read when sent). */
const staffForLogMiddleware: Route.MiddlewareFunction = async ({ request, context }) => {
  if (!request.headers.get("Cookie")?.includes("staff_session=")) return;
  const user = await getOptionalUser(request);
  if (user) context.get(requestInfoContext).userId = user.id;
};

export const middleware: Route.MiddlewareFunction[] = [staffForLogMiddleware, languageChoiceMiddleware, i18nextMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const user = await getOptionalUser(request);
  const rootData: RootData = {
    lang,
    user: user ? { username: user.username } : null,
    cookieConsent: await hasCookieConsent(request),
    origin: publicOrigin(request),
    year: new Date().getFullYear(),
    newsletter: isMailConfigured(),
  };
  return data(rootData);
}

export function links(): Route.LinkDescriptors {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

/** Canonical and hreflang alternates: every public page has an Italian and an English URL. */
function AlternateLinks({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  // A page whose query only filters or sorts it (/works, issue 36) has the unfiltered page as canonical.
  const withoutQuery = useMatches().some((match) => (match.handle as { canonicalWithoutQuery?: boolean } | undefined)?.canonicalWithoutQuery);
  if (!isLocalizablePath(pathname)) return null;
  const query = new URLSearchParams(withoutQuery ? "" : search);
  query.delete("lng");
  const qs = query.toString() ? `?${query.toString()}` : "";
  const lang = langFromPath(pathname) ?? "it";
  return (
    <>
      <link rel="canonical" href={`${origin}${localizePath(pathname, lang)}${qs}`} />
      {LANGUAGES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={`${origin}${localizePath(pathname, l)}${qs}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${localizePath(pathname, "it")}${qs}`} />
    </>
  );
}

const SITE_CSS_ID = "site-css";

/**
 * The site's one stylesheet, inlined in <head> so the first paint waits for no CSS request. The
 * server renders it from the build; the browser reuses the text already in the page, so the CSS is
 * not shipped a second time inside the JavaScript (the `import.meta.env.SSR` branch is dropped from
 * the client bundle).
 */
function siteStylesheet(): string {
  if (import.meta.env.SSR) return siteCss;
  return document.getElementById(SITE_CSS_ID)?.textContent ?? "";
}

const FIRST_PAINT_SCRIPT_ID = "first-paint";

/**
 * The inline script that marks JavaScript on and starts the hydration scripts after the first paint.
 * Like the stylesheet, the browser reuses the text already in the page instead of shipping it again
 * in the JavaScript (0.8 KB of brotli on every first load).
 */
function firstPaintScript(): string {
  if (import.meta.env.SSR) return `document.documentElement.dataset.js='on';${FIRST_PAINT_LOADER}`;
  return document.getElementById(FIRST_PAINT_SCRIPT_ID)?.textContent ?? "";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { pathname } = useLocation();
  const lang = root?.lang ?? langFromPath(pathname) ?? "it";
  const nonce = useNonce();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Lets CSS tell "JavaScript will run" apart from "no JavaScript" before hydration; starts
            the (inert) hydration scripts once the first frame is painted and the page has loaded. */}
        <script id={FIRST_PAINT_SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: firstPaintScript() }} />
        <style id={SITE_CSS_ID} dangerouslySetInnerHTML={{ __html: siteStylesheet() }} />
        <Meta />
        <Links />
        {root ? <AlternateLinks origin={root.origin} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function useSyncLanguage(lang: Lang) {
  const shown = useTranslation().lang;
  const changeLanguage = useChangeLanguage();
  useEffect(() => {
    if (shown !== lang) changeLanguage(lang);
  }, [lang, shown, changeLanguage]);
}

function PublicChrome({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <Navbar />
      <main id="main" className="main">
        {children}
      </main>
      <Footer />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  useSyncLanguage(loaderData.lang);
  // Scroll positions are <ScrollRestoration>'s job (in Layout); this only moves focus and announces.
  const announcement = useRouteFocus();
  const { t } = useTranslation();
  const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");
  return (
    <PlayerProvider>
      {isAdmin ? (
        <Outlet />
      ) : (
        <PublicChrome>
          <Outlet />
        </PublicChrome>
      )}
      <AudioPlayer />
      <CookieBanner />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement ? t("pageLoaded", { title: announcement }) : ""}
      </p>
    </PlayerProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicChrome>
      <ErrorPage error={error} />
    </PublicChrome>
  );
}
