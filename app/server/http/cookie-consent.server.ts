import { createCookie } from "react-router";

/** SPEC.md 4: consent is kept for 365 days. */
export const consentCookie = createCookie("cookie_consent", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export async function hasCookieConsent(request: Request): Promise<boolean> {
  return (await consentCookie.parse(request.headers.get("Cookie"))) === "accepted";
}
