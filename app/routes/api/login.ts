import { LoginError, readCredentials, verifyLogin } from "~/server/domain/auth.server";
import { csrfCookieForSessionCookie } from "~/server/http/api/csrf.server";
import { RequestError } from "~/server/http/errors.server";
import { ApiError, checkTypes, endpoint, json } from "~/server/http/api/http.server";
import { isJsonRequest, readForm, readJson } from "~/server/http/body.server";
import { requireCsrf } from "~/server/http/api/guard.server";
import { findUser } from "~/server/http/api/lookup.server";
import { wire } from "~/server/http/api/wire.server";
import { clientAddress, viaUntrustedProxy } from "~/server/domain/rate-limit.server";
import { createUserSession } from "~/server/domain/session.server";

const BODY_LIMIT = 64 * 1024;

/**
 * POST api/login/: JSON {username, password} or the same as form fields (readCredentials), checked and
 * throttled by auth.server.ts exactly like the /login page. Answers the user (wire shape) with a
 * new session cookie and a rotated csrftoken.
 */
const api = endpoint({
  POST: async ({ request }) => {
    requireCsrf(request);
    let credentials;
    if (isJsonRequest(request)) {
      const body = await readJson(request, BODY_LIMIT);
      checkTypes(body, ["username", "password"]);
      credentials = readCredentials(body.username, body.password);
    } else {
      const form = await readForm(request, { limit: BODY_LIMIT, accept: ["urlencoded", "multipart"] }).catch((error) => {
        if (error instanceof RequestError && error.status === 415) {
          throw new ApiError(415, "Content-Type non supportato: invia application/json o un modulo.");
        }
        throw error;
      });
      credentials = readCredentials(form.get("username"), form.get("password"));
    }
    let user;
    try {
      user = await verifyLogin(credentials.username, credentials.password, clientAddress(request), viaUntrustedProxy(request));
    } catch (error) {
      if (error instanceof LoginError) throw new ApiError(error.status, error.message);
      throw error;
    }
    const headers = new Headers();
    const session = await createUserSession(user.id, request);
    headers.append("Set-Cookie", session);
    // Django rotates the token at sign-in; here the new token is also bound to the new session,
    // so a token known before the login (or from another session) is worth nothing after it.
    headers.append("Set-Cookie", csrfCookieForSessionCookie(session));
    const profile = await findUser(user.id);
    if (!profile) throw new ApiError(401, "Autenticazione richiesta: effettua il login.");
    return json(wire.user(profile), 200, headers);
  },
});

export const loader = api.loader;
export const action = api.action;
