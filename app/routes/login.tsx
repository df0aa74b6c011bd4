import { data, Form, redirect, useNavigation } from "react-router";
import { useTranslation } from "~/lib/translation";
import type { Route } from "./+types/login";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { LoginError, readCredentials, verifyLogin } from "~/server/domain/auth.server";
import { pageField, readPageForm } from "~/server/http/forms.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { clientAddress, viaUntrustedProxy } from "~/server/domain/rate-limit.server";
import { plainHttpCookieMessage } from "~/server/http/secure-cookies.server";
import { csrfCookieForSessionCookie } from "~/server/http/api/csrf.server";
import { createUserSession, getOptionalUser, isStaffUser } from "~/server/domain/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/admin/");
  if (isStaffUser(await getOptionalUser(request))) throw redirect(redirectTo);
  const t = getInstance(context).t;
  return { title: t("pages.login"), redirectTo, plainHttp: plainHttpCookieMessage(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const form = await readPageForm(request, lang);
  for (const name of ["username", "password", "redirectTo"]) pageField(form, name, lang);
  const { username, password } = readCredentials(form.get("username"), form.get("password"));
  const redirectTo = safeRedirectPath(pageField(form, "redirectTo", lang), "/admin/");
  try {
    const user = await verifyLogin(username, password, clientAddress(request), viaUntrustedProxy(request));
    const setCookie = await createUserSession(user.id, request);
    const answerHeaders = new Headers({ "Set-Cookie": setCookie });
    // The api/ token the admin's upload script sends, bound to the new session (api/csrf.server.ts).
    answerHeaders.append("Set-Cookie", csrfCookieForSessionCookie(setCookie));
    return redirect(redirectTo, { headers: answerHeaders });
  } catch (error) {
    if (error instanceof LoginError) {
      const headers: HeadersInit = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
      return data({ error: error.message, username }, { status: error.status, headers });
    }
    throw error;
  }
}

/** A refused sign-in says when to try again (Retry-After): an action's headers reach the answer only through this. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <>
      <PageHero title={t("pages.login")} />
      <section className="container login">
        <Form method="post" className="login__form" noValidate>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          {loaderData.plainHttp ? (
            <p className="form-error" role="alert">
              {loaderData.plainHttp}
            </p>
          ) : null}
          {actionData?.error ? (
            <p className="form-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <label className="field">
            <span className="field__label">Username</span>
            <input name="username" autoComplete="username" defaultValue={actionData?.username ?? ""} required />
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
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta(matches, { title: data?.title ?? "Login" }),
  { name: "robots", content: "noindex" },
];
