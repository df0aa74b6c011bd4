import { data, redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { consentCookie } from "~/server/http/cookie-consent.server";
import { pageField, readPageForm } from "~/server/http/forms.server";
import { getLang } from "~/server/platform/i18n.server";

/** SPEC.md 4: accepting stores the consent for 365 days. A native post goes back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const form = await readPageForm(request, lang);
  const headers = { "Set-Cookie": await consentCookie.serialize("accepted") };
  // Fetcher posts (JavaScript on) come as single-fetch data requests and stay on the page.
  const accept = request.headers.get("Accept") ?? "";
  if (accept.includes("text/html")) {
    return redirect(safeRedirectPath(pageField(form, "redirectTo", lang), "/"), { headers });
  }
  return data({ accepted: true }, { headers });
}

export function loader() {
  return redirect("/");
}
