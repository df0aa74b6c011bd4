import { data, Form, redirect } from "react-router";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { Route } from "./+types/logout";
import { PageHero } from "~/components/layout/PageHero";
import { signOut } from "~/server/auth.server";
import { CSRF_FIELD_NAME as CSRF_FIELD } from "~/components/admin/form-fields";
import { assertSameSitePost, commitCsrfToken } from "~/server/csrf.server";
import { getOptionalUser } from "~/server/session.server";
import "~/styles/admin.css";

/** Without JavaScript the Logout link lands here: a confirmation page with a POST form. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/");
  const [csrf, setCookie] = await commitCsrfToken(request);
  return data({ csrf }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

/**
 * Signs out (auth.server.ts signOut).
 * The token is checked when sent; the footer's JavaScript logout posts from a page without one,
 * and React Router's origin check plus the SameSite cookie already stop cross-site posts here.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.clone().formData();
  if (form.has(CSRF_FIELD)) await assertSameSitePost(request, form);
  return redirect("/", { headers: { "Set-Cookie": await signOut(request) } });
}

export default function LogoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthenticityTokenProvider token={loaderData.csrf}>
      <PageHero title="Logout" />
      <section className="container login">
        <Form method="post" className="admin-form login__form" reloadDocument>
          <AuthenticityTokenInput name={CSRF_FIELD} />
          <p>Sei sicuro di voler uscire?</p>
          <div className="form-actions">
            <button className="button button--primary" type="submit" name="confirmed" value="1">
              Esci
            </button>
            <a className="button button--ghost" href="/admin/">
              Annulla
            </a>
          </div>
        </Form>
      </section>
    </AuthenticityTokenProvider>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Logout | Elena Marchetti" }, { name: "robots", content: "noindex" }];
