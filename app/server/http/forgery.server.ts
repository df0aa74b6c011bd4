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
