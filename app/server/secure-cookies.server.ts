import { getEnv } from "./env.server";

/**
 * In production every cookie is Secure, so a browser on plain http (a LAN address, no TLS proxy)
 * never stores the anti-forgery and session cookies and every staff form fails. When a form check
 * fails on such a request, say so instead of a bare "token missing". Null when this is not the cause.
 */
export function plainHttpCookieMessage(request: Request): string | null {
  if (!getEnv().isProduction || new URL(request.url).protocol !== "http:") return null;
  const host = new URL(request.url).hostname;
  // Browsers treat localhost as secure and keep Secure cookies there.
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") return null;
  return (
    "Accesso non riuscito: il sito è aperto con http://, ma in produzione i cookie di accesso sono «Secure» " +
    "e il browser li conserva solo su https://. Apri il sito con https:// (un proxy con TLS davanti al server, " +
    "con TRUST_PROXY impostato), oppure da questo computer con http://localhost. Vedi docs/operations.md, «Staff sign-in over plain http»."
  );
}
