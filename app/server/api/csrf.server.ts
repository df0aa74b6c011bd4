import crypto from "node:crypto";
import { getEnv } from "../env.server";
import { MESSAGES } from "../http/errors.server";
import { isCrossSite } from "../http/forgery.server";

/**
 * Anti-forgery for the api/ resource routes (React Router's own origin check does not run for
 * resource routes). The Django-style double submit the original client uses: a `csrftoken` cookie
 * that scripts of this site can read (not HttpOnly, SameSite=Lax) and an `X-CSRFToken` header that
 * must carry the same value on every unsafe method. The token is signed with the session secret,
 * so a cookie planted by a sibling host does not pass. On top of that: cross-site requests are
 * refused by Origin and Sec-Fetch-Site (the Express edge already did; checked again here so the
 * api/ holds without it). docs/decisions/009-one-forgery-policy.md
 */
export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "X-CSRFToken";
const MAX_AGE_S = 365 * 24 * 60 * 60;

export const CSRF_FAILED_MESSAGE = "Token CSRF mancante o non valido: rileggi il cookie csrftoken e invialo nell'header X-CSRFToken.";
export const CROSS_SITE_MESSAGE = MESSAGES.crossSite.it;

function sign(value: string): string {
  return crypto.createHmac("sha256", getEnv().sessionSecret).update(`api-csrf:${value}`).digest("base64url");
}

export function newCsrfToken(): string {
  const value = crypto.randomBytes(24).toString("base64url");
  return `${value}.${sign(value)}`;
}

function wellFormed(token: string | null | undefined): token is string {
  if (!token || token.length > 200) return false;
  const [value, signature, extra] = token.split(".");
  if (!value || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(value));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

export function csrfCookieFrom(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === CSRF_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return wellFormed(value) ? value : null;
    }
  }
  return null;
}

export function serializeCsrfCookie(token: string): string {
  const secure = getEnv().isProduction && !(getEnv().publicOrigin ?? "").startsWith("http://") ? "; Secure" : "";
  return `${CSRF_COOKIE}=${token}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** Adds a fresh csrftoken cookie to an answer when the client has no valid one (and none is being set). */
export function ensureCsrfCookie(request: Request, response: Response): Response {
  if (csrfCookieFrom(request)) return response;
  if (response.headers.getSetCookie().some((c) => c.startsWith(`${CSRF_COOKIE}=`))) return response;
  try {
    response.headers.append("Set-Cookie", serializeCsrfCookie(newCsrfToken()));
    return response;
  } catch {
    // Immutable headers (a Response thrown by a library): copy it.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", serializeCsrfCookie(newCsrfToken()));
    return copy;
  }
}

/** The one origin check (forgery.server.ts), re-exported for the api/ guard. */
export { isCrossSite };

export type CsrfFailure = "cross-site" | "token";

/** Checks an unsafe request; answers the reason it must be refused, or null. */
export function csrfFailure(request: Request): CsrfFailure | null {
  if (isCrossSite(request)) return "cross-site";
  const cookie = csrfCookieFrom(request);
  const header = request.headers.get(CSRF_HEADER);
  if (!cookie || !header) return "token";
  const a = Buffer.from(header);
  const b = Buffer.from(cookie);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return "token";
  return null;
}
