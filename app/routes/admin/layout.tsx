import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/layout";
import { getOptionalUser } from "~/server/session.server";

/** SPEC.md 4/6: only signed-in staff or superusers; everyone else goes to /login. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user || !(user.isStaff || user.isSuperuser)) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { username: user.username };
}

export default function AdminLayout() {
  return (
    <div className="admin">
      <Outlet />
    </div>
  );
}
