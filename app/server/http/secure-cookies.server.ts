import { getEnv } from "../platform/env.server";

/**
 * In production the session cookie is Secure, so a browser on plain http (a LAN address, no TLS
 * proxy) never stores it: the sign-in "succeeds" and lands back on /login. The login page says so
 * up front on such a request. Null when the cookie can work.
 */
export function plainHttpCookieMessage(request: Request): string | null {
  if (!getEnv().isProduction || new URL(request.url).protocol !== "http:") return null;
  const host = new URL(request.url).hostname;
  // Browsers treat localhost as secure and keep Secure cookies there.
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") return null;
  return (
    "L'accesso staff non funziona da questo indirizzo: il sito è aperto con http://, ma in produzione il cookie di accesso è «Secure» " +
    "e il browser lo conserva solo su https://. Apri il sito con https:// (un proxy con TLS davanti al server, " +
    "con TRUST_PROXY impostato), oppure da questo computer con http://localhost. Vedi docs/operations.md, «Staff sign-in over plain http»."
  );
}
