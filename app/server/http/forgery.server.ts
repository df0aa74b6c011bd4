import { getEnv } from "../platform/env.server";

/**
 * THE forgery policy (docs/decisions/009-one-forgery-policy.md), origin half: an unsafe request
 * (anything but GET/HEAD/OPTIONS) that a browser sent from another site is refused, on every path,
 * in one place (the Express edge). A browser says where a request comes from in `Sec-Fetch-Site`
 * and `Origin`; a client that sends neither is not a browser and carries no visitor's cookies.
 * The api/ token (csrftoken cookie + X-CSRFToken header) is the other half, in api/csrf.server.ts.
 */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type HeaderReader = (name: string) => string | null | undefined;

function ownOrigins(requestOrigin: string): Set<string> {
  const origins = new Set([requestOrigin]);
  const pub = getEnv().publicOrigin;
  if (pub) origins.add(new URL(pub).origin);
  return origins;
}

/** True when a browser tells us the request comes from another site. */
export function isCrossSiteRequest(header: HeaderReader, requestOrigin: string): boolean {
  const site = header("sec-fetch-site")?.toLowerCase();
  // "same-site" is a sibling host (another subdomain): not ours either.
  if (site === "cross-site" || site === "same-site") return true;
  const origin = header("origin");
  if (origin === null || origin === undefined || origin === "") return false;
  if (origin === "null") return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return true;
  }
  const own = ownOrigins(requestOrigin);
  if (own.has(parsed.origin)) return false;
  // Behind a TLS-terminating proxy the app sees http:// for an https:// page of the same host.
  const host = new URL(requestOrigin).host;
  return parsed.host !== host;
}

/** The same check for a Fetch API Request (api/ endpoints, tests). */
export function isCrossSite(request: Request): boolean {
  return isCrossSiteRequest((name) => request.headers.get(name), new URL(request.url).origin);
}

/**
 * What a proxy in front got wrong, when a browser's own page posts to us and yet its `Origin` is not
 * the origin this server makes of the request (`req.protocol` + `Host`): React Router refuses such an
 * action with a bare "Bad Request", and staff cannot sign in. The browser is right about where it is,
 * so the difference names the setting: the scheme (TRUST_PROXY off, or no X-Forwarded-Proto) or the
 * Host the proxy passes on (nginx's `$host` drops the port). Null when they agree.
 */
export function proxyMismatch(origin: URL, requestOrigin: URL, trustProxy: boolean): { setting: string; messages: { it: string; en: string } } | null {
  const fixes: { setting: string; it: string; en: string }[] = [];
  if (origin.protocol !== requestOrigin.protocol) {
    const scheme = origin.protocol.replace(":", "");
    fixes.push(
      trustProxy
        ? {
            setting: "X-Forwarded-Proto",
            it: `il proxy non dice che il browser usa ${scheme}: fagli inviare l'intestazione X-Forwarded-Proto (nginx: proxy_set_header X-Forwarded-Proto $scheme;)`,
            en: `the proxy does not say the browser uses ${scheme}: make it send the X-Forwarded-Proto header (nginx: proxy_set_header X-Forwarded-Proto $scheme;)`,
          }
        : {
            setting: "TRUST_PROXY",
            it: `il sito è dietro un proxy di cui le impostazioni non si fidano: imposta TRUST_PROXY=1 (un proxy davanti al sito) e riavvia`,
            en: `the site is behind a proxy its settings do not trust: set TRUST_PROXY=1 (one proxy in front of the site) and restart`,
          },
    );
  }
  if (origin.host !== requestOrigin.host) {
    const portDropped = origin.hostname === requestOrigin.hostname;
    fixes.push({
      setting: "proxy Host header",
      it: `il browser è su ${origin.host} ma il proxy passa Host: ${requestOrigin.host}${portDropped ? " (senza la porta)" : ""}: passa l'Host del browser (nginx: proxy_set_header Host $http_host;)`,
      en: `the browser is at ${origin.host} but the proxy passes Host: ${requestOrigin.host}${portDropped ? " (without the port)" : ""}: pass the browser's Host on (nginx: proxy_set_header Host $http_host;)`,
    });
  }
  if (fixes.length === 0) return null;
  return {
    setting: fixes.map((f) => f.setting).join(" and "),
    messages: {
      it: `Richiesta rifiutata per un'impostazione del proxy: ${fixes.map((f) => f.it).join("; ")}.`,
      en: `Request refused because of a proxy setting: ${fixes.map((f) => f.en).join("; ")}.`,
    },
  };
}
