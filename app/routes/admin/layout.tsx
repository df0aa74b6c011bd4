import { data, isRouteErrorResponse, NavLink, Outlet, useLocation, useRouteError } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/layout";
import { CONTENT_KINDS_IN_MENU, contentKindLabel } from "~/lib/content-fields";
import { LogoutButton } from "~/components/layout/LogoutButton";
import { csrfCookieFrom, newCsrfTokenFor, serializeCsrfCookie } from "~/server/http/api/csrf.server";
import { requireStaff, staffContext } from "~/server/domain/session.server";
import "~/styles/admin.css";

/**
 * SPEC.md 4/6: only signed-in staff or superusers; everyone else goes to /login. Middleware runs
 * before every child loader AND action (a layout loader alone would not protect child actions).
 * Each action reads its form with adminForm (http/forms.server.ts); the origin of every post was
 * checked by the Express edge (docs/decisions/009-one-forgery-policy.md).
 */
const staffGuard: Route.MiddlewareFunction = async ({ request, context }) => {
  const user = await requireStaff(request);
  context.set(staffContext, user);
};

export const middleware: Route.MiddlewareFunction[] = [staffGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  // The asynchronous upload (/admin/upload, the api/ upload) carries the api/ token, read by script.
  const setCookie = csrfCookieFrom(request) ? null : serializeCsrfCookie(newCsrfTokenFor(request));
  return data({ username: user?.username ?? "" }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

/** Admin pages hold private data and one-time tokens: never cached by the browser or a proxy. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

const NAV = [
  { to: "/admin/", label: "Dashboard", end: true },
  { to: "/admin/categoryList", label: "Categorie" },
  { to: "/admin/newsList", label: "Notizie" },
  { to: "/admin/musicList", label: "Musica" },
  { to: "/admin/events", label: "Concerti" },
  { to: "/admin/messages", label: "Messaggi" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/media", label: "Media" },
  { to: "/admin/activityList", label: "Attività" },
  { to: "/admin/stats", label: "Statistiche" },
  { to: "/admin/trash", label: "Cestino" },
];

/** The pages of the site's content (SPEC.md 7), in the order of the list of labels. */
const CONTENT_NAV = CONTENT_KINDS_IN_MENU.map((kind) => ({ to: `/admin/content/${kind}`, label: contentKindLabel(kind) }));

function Sidebar() {
  return (
    <aside className="admin__sidebar">
      <a className="admin__brand" href="/">
        Elena Marchetti
      </a>
      <nav aria-label="Amministrazione">
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} prefetch="intent">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {/* not a heading: the sidebar comes before the page's h1 (issue 35) */}
        <p className="admin__nav-heading">Contenuti</p>
        <ul>
          {CONTENT_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} prefetch="intent">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // data-hydrated tells tests (and CSS) when the JavaScript niceties are live.
  const hydrated = useHydrated();
  return (
    <>
      <div className="admin" data-hydrated={hydrated ? "true" : "false"}>
        <Sidebar />
        <div className="admin__body">
          <header className="admin__header">
            <span className="admin__user">
              Utente: <strong>{loaderData.username}</strong>
            </span>
            <a className="button button--ghost" href="/">
              Vai al sito
            </a>
            <LogoutButton label="Logout" />
          </header>
          <main id="main" className="admin__main">
            <Outlet />
          </main>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? error.data
      : status === 404
        ? "Pagina non trovata"
        : "Si è verificato un errore. Riprova.";
  return (
    <div className="admin admin--error">
      <main id="main" className="admin__main">
        <section className="admin-card" data-status={status}>
          <h1>Errore {status}</h1>
          <p role="alert">{message}</p>
          <a className="button button--primary" href={pathname.startsWith("/admin") ? "/admin/" : "/"}>
            Torna alla dashboard
          </a>
        </section>
      </main>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Amministrazione | Elena Marchetti" }, { name: "robots", content: "noindex" }];
