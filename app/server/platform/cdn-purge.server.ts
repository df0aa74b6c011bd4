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
 */
const URLS_PER_CALL = 30;
const TIMEOUT_MS = 10_000;

export async function purgeCdn(urls: readonly string[]): Promise<void> {
  const { cdnPurge: settings, publicOrigin } = getEnv();
  if (!settings || urls.length === 0) return;
  // The CDN keys its copies by the address visitors use: PUBLIC_ORIGIN when set (the CDN may reach
  // this server under another host name), else the one the page was asked for.
  const atPublicOrigin = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${publicOrigin}${pathname}${search}`;
  };
  const files = publicOrigin ? [...new Set(urls.map(atPublicOrigin))] : [...urls];
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
  for (let start = 0; start < files.length; start += URLS_PER_CALL) {
    const batch = files.slice(start, start + URLS_PER_CALL);
    try {
      const response = await fetch(settings.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ files: batch }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        log().warn({ status: response.status, urls: batch.length }, "CDN purge refused");
        continue;
      }
      log().info({ urls: batch.length }, "CDN purged");
    } catch (error) {
      log().warn({ err: error, urls: batch.length }, "CDN purge failed");
    }
  }
}
