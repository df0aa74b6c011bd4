import crypto from "node:crypto";
import { parseCookie, parseSetCookie, stringifySetCookie } from "cookie";
import { getEnv } from "../../platform/env.server";
import { MESSAGES } from "../errors.server";
import { isCrossSite } from "../forgery.server";
import { sessionCookie } from "../../domain/session.server";

/**
 * Anti-forgery for the api/ resource routes (React Router's own origin check does not run for
 * resource routes). The Django-style double submit the original client uses: a `csrftoken` cookie
 * that scripts of this site can read (not HttpOnly, SameSite=Lax) and an `X-CSRFToken` header that
 * must carry the same value on every unsafe method. The token is signed with the session secret,
 * so a cookie planted by a sibling host does not pass, and the signature covers the staff session
 * cookie of the client it was issued to: a token from before the sign-in, or from another
 * session, does not verify once the client is signed in (sign-in issues a new bound token; an
 * anonymous client gets a token bound to "no session"). On top of that: cross-site requests are
 * refused by Origin and Sec-Fetch-Site (the Express edge already did; checked again here so the
 * api/ holds without it). docs/decisions/009-one-forgery-policy.md
 */
export const CSRF_COOKIE = "csrftoken";
const CSRF_HEADER = "X-CSRFToken";
const MAX_AGE_S = 365 * 24 * 60 * 60;

export const CSRF_FAILED_MESSAGE = "Token CSRF mancante o non valido: rileggi il cookie csrftoken e invialo nell'header X-CSRFToken.";
export const CROSS_SITE_MESSAGE = MESSAGES.crossSite.it;

/**
 * A cookie of the request as the client sent it, not URL-decoded: the binding is compared with
 * the value of the Set-Cookie that signed the client in, which is read the same way.
 */
function rawCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  return header ? (parseCookie(header, { decode: keepAsSent })[name] ?? null) : null;
}

const keepAsSent = (value: string) => value;

/** What a token is bound to: the raw staff session cookie the client sends ("" when anonymous). */
function sessionBinding(request: Request): string {
  return rawCookie(request, sessionCookie().name) ?? "";
}

function sign(value: string, binding: string): string {
  return crypto.createHmac("sha256", getEnv().sessionSecret).update(`api-csrf:${value}:${binding}`).digest("base64url");
}

/** A new token bound to `binding` (the raw staff session cookie, "" for an anonymous client). */
function newCsrfToken(binding: string): string {
  const value = crypto.randomBytes(24).toString("base64url");
  return `${value}.${sign(value, binding)}`;
}

/** A new token for the client of this request, bound to the session it has now. */
export function newCsrfTokenFor(request: Request): string {
  return newCsrfToken(sessionBinding(request));
}

function verifies(token: string | null | undefined, binding: string): token is string {
  if (!token || token.length > 200) return false;
  const [value, signature, extra] = token.split(".");
  if (!value || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(value, binding));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** The client's csrftoken when it verifies for the client's current session, else null. */
export function csrfCookieFrom(request: Request): string | null {
  const value = rawCookie(request, CSRF_COOKIE);
  return verifies(value, sessionBinding(request)) ? value : null;
}

/**
 * The session an answer leaves the client with: the staff session cookie it sets (sign-in),
 * "" when it clears it (sign-out), or undefined when it does not touch it.
 */
function sessionBindingSetBy(setCookies: string[]): string | undefined {
  const name = sessionCookie().name;
  const line = setCookies.find((c) => c.startsWith(`${name}=`));
  if (line === undefined) return undefined;
  const cookie = parseSetCookie(line, { decode: keepAsSent });
  const cleared =
    !cookie.value || (cookie.maxAge !== undefined && cookie.maxAge <= 0) || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
  return cleared ? "" : cookie.value;
}

/** The csrftoken Set-Cookie to send with a sign-in (or sign-out) answer: bound to the session it sets. */
export function csrfCookieForSessionCookie(sessionSetCookie: string): string {
  return serializeCsrfCookie(newCsrfToken(sessionBindingSetBy([sessionSetCookie]) ?? ""));
}

export function serializeCsrfCookie(token: string): string {
  const secure = getEnv().isProduction && !(getEnv().publicOrigin ?? "").startsWith("http://");
  return stringifySetCookie(CSRF_COOKIE, token, { path: "/", maxAge: MAX_AGE_S, sameSite: "lax", secure });
}

/**
 * Adds a fresh csrftoken cookie to an answer when the client has no valid one (and none is being
 * set), and a new bound one when the answer signs the client in or out.
 */
export function ensureCsrfCookie(request: Request, response: Response): Response {
  const setCookies = response.headers.getSetCookie();
  if (setCookies.some((c) => c.startsWith(`${CSRF_COOKIE}=`))) return response;
  const newSession = sessionBindingSetBy(setCookies);
  if (newSession === undefined && csrfCookieFrom(request)) return response;
  const cookie = serializeCsrfCookie(newCsrfToken(newSession ?? sessionBinding(request)));
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Immutable headers (a Response thrown by a library): copy it.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", cookie);
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
