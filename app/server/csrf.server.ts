import { createContext, createCookie, data, type RouterContext } from "react-router";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { getEnv } from "./env.server";
import { plainHttpCookieMessage } from "./secure-cookies.server";
import { MAX_REQUEST_BYTES, REQUEST_TOO_LARGE_MESSAGE } from "./uploads.server";

/**
 * Double-submit anti-forgery token with remix-utils' CSRF class: a signed token in the HttpOnly
 * cookie `csrf`, echoed by every admin form in the field `csrf` (AuthenticityTokenProvider /
 * AuthenticityTokenInput from "remix-utils/csrf/react") or by scripts in the X-CSRF-Token header.
 */
export const CSRF_FIELD = "csrf";
export const CSRF_HEADER = "X-CSRF-Token";
export const CSRF_MESSAGE = "Richiesta non valida: token di sicurezza mancante o scaduto. Ricarica la pagina e riprova.";
export const CROSS_ORIGIN_MESSAGE = "Richiesta rifiutata: proviene da un altro sito.";

export { CSRFError };

let csrf: CSRF | undefined;
function csrfInstance(): CSRF {
  if (!csrf) {
    const env = getEnv();
    const cookie = createCookie("csrf", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      secrets: [env.sessionSecret],
    });
    csrf = new CSRF({ cookie, formDataKey: CSRF_FIELD, secret: env.sessionSecret });
  }
  return csrf;
}

/** The token of this browser (made when missing) and the Set-Cookie header to send, or null. */
export async function commitCsrfToken(request: Request): Promise<[string, string | null]> {
  const [token, setCookie] = await csrfInstance().commitToken(request);
  return [token, setCookie];
}

/** Checks a submitted token (form field or header) against the cookie; throws CSRFError. */
export async function validateCsrfToken(request: Request, submitted: FormDataEntryValue | string | null | undefined) {
  const form = new FormData();
  if (typeof submitted === "string" && submitted) form.set(CSRF_FIELD, submitted);
  await csrfInstance().validate(form, request.headers);
}

/**
 * True when the request plainly comes from another site: an Origin header of another origin, or
 * Sec-Fetch-Site "cross-site". (React Router checks Origin on route actions itself; resource
 * routes are ours to check.)
 */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  const own = new URL(request.url);
  if (origin && origin !== "null") {
    try {
      const o = new URL(origin);
      if (o.host !== own.host) return true;
    } catch {
      return true;
    }
  } else if (origin === "null") {
    return true;
  }
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

/** 403 with an Italian message for a form post that fails the origin or token check. */
export async function assertSameSitePost(request: Request, formData: FormData) {
  if (isCrossOrigin(request)) throw data(CROSS_ORIGIN_MESSAGE, { status: 403 });
  try {
    await validateCsrfToken(request, formData.get(CSRF_FIELD));
  } catch (error) {
    if (error instanceof CSRFError) throw data(plainHttpCookieMessage(request) ?? CSRF_MESSAGE, { status: 403 });
    throw error;
  }
}

/** The checked form of an admin post, parsed once by the admin layout's middleware. */
export const adminFormContext = createContext<FormData | null>(null);

/**
 * The guard for every admin form post: body size, origin, then the token. Answers the parsed form
 * (parsed once here; actions take it from adminFormContext).
 */
export async function readGuardedForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(length) && length > MAX_REQUEST_BYTES) throw data(REQUEST_TOO_LARGE_MESSAGE, { status: 413 });
  if (isCrossOrigin(request)) throw data(CROSS_ORIGIN_MESSAGE, { status: 403 });
  let form: FormData;
  try {
    // A clone: React Router rebuilds the request for the action from the original body stream.
    form = await request.clone().formData();
  } catch {
    throw data("Richiesta non valida: il modulo inviato non è leggibile.", { status: 400 });
  }
  await assertSameSitePost(request, form);
  return form;
}

/** The form of an admin post, already checked by the admin layout's middleware. */
export function adminForm(context: { get<T>(context: RouterContext<T>): T }): FormData {
  const form = context.get(adminFormContext);
  if (!form) throw data("Richiesta non valida.", { status: 400 });
  return form;
}
