import { Outlet } from "react-router";
import type { Route } from "./+types/public-pages";
import { ErrorPage } from "~/components/layout/ErrorPage";

/**
 * The public pages of one language. It adds nothing to the page: it is here for its error boundary.
 * A page that fails (a 404 of a missing news item, an unknown path) is shown inside the site's
 * chrome and player, so music playing when the visitor followed the link keeps playing; the root's
 * boundary would replace the whole app, player included.
 */
export default function PublicPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
