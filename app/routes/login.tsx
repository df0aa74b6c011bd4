import { data, Form, redirect, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "remix-utils/csrf/react";
import type { Route } from "./+types/login";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { LoginError, authenticator, readCredentials } from "~/server/auth.server";
import { CSRF_FIELD_NAME as CSRF_FIELD } from "~/components/admin/form-fields";
import { assertSameSitePost, commitCsrfToken } from "~/server/csrf.server";
import { getInstance } from "~/server/i18n.server";
import { createUserSession, getOptionalUser, isStaffUser } from "~/server/session.server";
import "~/styles/admin.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/admin/");
  if (isStaffUser(await getOptionalUser(request))) throw redirect(redirectTo);
  const [csrf, setCookie] = await commitCsrfToken(request);
  const t = getInstance(context).t;
  return data(
    { title: t("pages.login"), csrf, redirectTo },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.clone().formData();
  await assertSameSitePost(request, form);
  const { username } = readCredentials(form);
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/admin/");
  try {
    const user = await authenticator.authenticate("form", request);
    const setCookie = await createUserSession(user.id, request);
    return redirect(redirectTo, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    if (error instanceof LoginError) return data({ error: error.message, username }, { status: error.status });
    throw error;
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AuthenticityTokenProvider token={loaderData.csrf}>
      <PageHero title={t("pages.login")} />
      <section className="container login">
        <Form method="post" className="admin-form login__form" noValidate>
          <AuthenticityTokenInput name={CSRF_FIELD} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          {actionData?.error ? (
            <p className="form-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <label className="field">
            <span className="field__label">Username</span>
            <input name="username" autoComplete="username" defaultValue={actionData?.username ?? ""} required autoFocus />
          </label>
          <label className="field">
            <span className="field__label">Password</span>
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <button className="button button--primary" type="submit" disabled={busy}>
            {t("pages.login")}
          </button>
        </Form>
      </section>
    </AuthenticityTokenProvider>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta(matches, { title: data?.title ?? "Login" }),
  { name: "robots", content: "noindex" },
];
