import { getEnv } from "./env.server";
import { log } from "./log.server";

/**
 * The purge hook of a CDN in front of the site (issue 26, docs/scaling.md "A CDN in front").
 *
 * Pages leave the site with `s-maxage=60, stale-while-revalidate=300` (page-cache.server.ts), so
 * without a purge a CDN can show a page up to a minute (and a few more while it revalidates) after
 * a change. With CDN_PURGE_URL set, the page cache hands over the URLs of the pages it held when
 * the content version moves: those are the pages visitors (and so the CDN, whose misses come here)
 * asked for lately. They are POSTed as `{"files": [...]}`, the body of Cloudflare's purge by URL,
 * at most 30 per call (its limit on every plan), with `Authorization: Bearer CDN_PURGE_TOKEN`.
 * Another provider takes the same body through a small relay of its own.
 *
 * A failed purge is logged and not retried: the CDN's copy still expires by its s-maxage. Files
 * under /media are named by their bytes and never need one.
 *
 * Only URLs made of PUBLIC_ORIGIN are sent (issue 34, finding 11): without it the cache's keys carry
 * whatever Host clients sent, so the hook stays off and says so once. And past MAX_URLS (a visitor
 * asking for thousands of query variants fills the cache with them) one call purges everything, as
 * Cloudflare's `{"purge_everything": true}`, instead of hundreds of calls.
 */
const URLS_PER_CALL = 30;
const MAX_URLS = 3 * URLS_PER_CALL;
const TIMEOUT_MS = 10_000;
let warnedNoOrigin = false;

export async function purgeCdn(urls: readonly string[]): Promise<void> {
  const { cdnPurge: settings, publicOrigin } = getEnv();
  if (!settings || urls.length === 0) return;
  if (!publicOrigin) {
    if (!warnedNoOrigin) log().warn("CDN purge off: CDN_PURGE_URL needs PUBLIC_ORIGIN, the address the CDN keys its copies by");
    warnedNoOrigin = true;
    return;
  }
  // The CDN keys its copies by the address visitors use (it may reach this server under another host name).
  const atPublicOrigin = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${publicOrigin}${pathname}${search}`;
  };
  const files = [...new Set(urls.map(atPublicOrigin))];
  const bodies: ({ files: string[] } | { purge_everything: true })[] =
    files.length > MAX_URLS ? [{ purge_everything: true }] : batches(files).map((batch) => ({ files: batch }));
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
  for (const body of bodies) {
    const count = "files" in body ? body.files.length : files.length;
    try {
      const response = await fetch(settings.url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) {
        log().warn({ status: response.status, urls: count }, "CDN purge refused");
        continue;
      }
      log().info({ urls: count, everything: !("files" in body) }, "CDN purged");
    } catch (error) {
      log().warn({ err: error, urls: count }, "CDN purge failed");
    }
  }
}

/** `files` in calls of URLS_PER_CALL, Cloudflare's limit on every plan. */
function batches(files: string[]): string[][] {
  const out: string[][] = [];
  for (let start = 0; start < files.length; start += URLS_PER_CALL) out.push(files.slice(start, start + URLS_PER_CALL));
  return out;
}
