import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import { isLocalizablePath } from "~/lib/i18n";
import { pageQuery } from "~/lib/page-query";
import { contentVersion, refreshContentVersion } from "~/server/storage/content-version.server";
import { hasCookieConsent } from "~/server/http/cookie-consent.server";
import { purgeCdn } from "~/server/platform/cdn-purge.server";
import { getEnv } from "~/server/platform/env.server";
import { savedLang } from "~/server/platform/i18n.server";
import { sessionCookie } from "~/server/domain/session.server";
import { log } from "../platform/log.server";
import { countPageCache } from "./metrics.server";
import { withScriptHashes } from "./csp.server";

/**
 * The anonymous page cache, in front of React Router: a hit is a stored answer sent as it is,
 * without running middleware, loaders or React, at about the cost of a static file (ADR 021).
 *
 * - What: 200 answers to GET of public pages (HTML) and of their client-navigation `.data`
 *   requests, for visitors without a staff session cookie. Never: other methods, staff, answers
 *   that set a cookie or say private/no-store/no-cache (the contact form's captcha, a degraded
 *   page: markDegraded in request-scope.server.ts), non-200 answers.
 * - Key (ADR 012): host + path + the query parameters pages read (`pageQuery`) + the cookie states
 *   that change the page (consent, saved language). Other parameters (utm_source, fbclid, a
 *   cache-buster) are removed from the request before it is rendered, so they neither miss the
 *   cache nor end up in the stored page.
 * - Staff: only a validly signed session cookie skips the cache; a made-up one cannot force renders.
 * - Freshness (ADR 016): `contentVersion()` is read on every request (microseconds); when it moved
 *   the cache is emptied, so a write by any process shows on the very next request. A render during
 *   which it moved is not stored. Entries also expire after `ttlMs` (the footer year, content files).
 * - A miss is rendered and streamed as usual, under the response's nonce. When it ends, its text is
 *   stored without the nonce, its policy allowing its inline scripts by their hashes instead
 *   (`withScriptHashes`). Its first hit compresses it once, with brotli and gzip; every hit is
 *   those bytes, in the encoding the client accepts, and the stored headers, sent as they are.
 * - Bound: an LRU bounded by bytes (every encoding counted), so random query strings cannot exhaust memory.
 */
export type PageCacheOptions = {
  maxBytes?: number;
  /** A larger single answer (uncompressed) is not stored. */
  maxEntryBytes?: number;
  ttlMs?: number;
  /** Injected by tests; the database's content version otherwise. */
  readVersion?: () => number;
  /**
   * Told the URLs of the pages it held when the content version moved (the CDN purge hook,
   * platform/cdn-purge.server.ts). Given one, the cache also reads the version every second, so
   * the hook follows a change within a second even when no request comes.
   */
  onOutdated?: (urls: string[]) => void;
};

type Entry = {
  /** The answer's text, without the nonce it was rendered with. */
  text: Buffer;
  /** The text compressed, made on the entry's first hit: a page asked for once (a search for a random word) never pays for it. */
  compressed?: { br: Buffer; gzip: Buffer };
  /** Its headers as rendered (Content-Type, Content-Language...) and its hash-based Content-Security-Policy. */
  headers: [string, string | string[]][];
  etag: string;
};

const PAGE_CACHE_CONTROL = "public, max-age=5, s-maxage=60, stale-while-revalidate=300";
const CACHEABLE_TYPE = /^text\/(html|x-script)\b/i;
/**
 * Brotli quality 6: about 4 ms of CPU for a 90 KB page, 9 % larger than quality 11, which costs 100-190
 * ms, about ten renders, and that a visitor could make the server spend on every random search
 * asked for twice (ADR 021 has the measurements).
 */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };

/**
 * Headers that belong to one response or one connection, or that this cache sets itself. What the
 * request edge set before the cache ran (request id, security headers) is not recorded either: the
 * edge sets it again on every answer.
 */
const NOT_STORED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "cache-control",
  "vary",
  "x-page-cache",
]);

export type PageCache = ((req: Request, res: Response, next: NextFunction) => void) & {
  /** Bytes held now (bodies in every encoding). */
  readonly size: number;
  readonly entries: number;
  clear(): void;
  /** Stops the once-a-second version check `onOutdated` asks for. */
  stop(): void;
};

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxEntryBytes = Math.min(options.maxEntryBytes ?? 2 * 1024 * 1024, maxBytes);
  const readVersion = options.readVersion ?? contentVersion;
  const lru = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.text.length + (entry.compressed ? entry.compressed.br.length + entry.compressed.gzip.length : 0) + 256,
    ttl: options.ttlMs ?? 10 * 60 * 1000,
  });

  /** The version the stored pages were rendered under; null when it could not be read. */
  let version: number | null = null;
  let suspended = false;

  /** The content version now, the cache emptied when it moved; null (nothing stored or served) when unreadable. */
  function currentVersion(): number | null {
    let current: number;
    try {
      current = readVersion();
    } catch (error) {
      // Without a version nothing is stored or served (pages still render). Logged once per outage.
      if (!suspended) log().error({ err: error }, "content version unreadable: page cache suspended");
      suspended = true;
      version = null;
      lru.clear();
      return null;
    }
    suspended = false;
    if (current !== version) {
      if (version !== null && lru.size > 0) options.onOutdated?.(cachedUrls());
      lru.clear();
    }
    version = current;
    return current;
  }
  const watch = options.onOutdated ? setInterval(currentVersion, 1000).unref() : undefined;

  /** The URLs (without the cookie variant) of the pages held now, each once. */
  function cachedUrls(): string[] {
    return [...new Set([...lru.keys()].map((key) => key.slice(0, key.indexOf("\n"))))];
  }

  function send(req: Request, res: Response, key: string, entry: Entry) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Page-Cache", "HIT");
    if (fresh(req.headers, { etag: entry.etag })) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (!entry.compressed) {
      entry.compressed = { br: zlib.brotliCompressSync(entry.text, BROTLI), gzip: zlib.gzipSync(entry.text, { level: 9 }) };
      // The bound counts the compressed copies too.
      lru.set(key, entry, { noUpdateTTL: true });
    }
    // The server's preference among what the client accepts: Chromium lists gzip first, brotli is
    // smaller. compression() leaves an answer with an encoding alone.
    const encoding = req.acceptsEncodings("br") ? ("br" as const) : req.acceptsEncodings("gzip") ? ("gzip" as const) : null;
    const body = encoding ? entry.compressed[encoding] : entry.text;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.statusCode = 200;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** What a miss leaves behind: its answer, if it may be sent to everyone, made into an entry. */
  function store(key: string, res: Response, rendered: Buffer, renderedVersion: number, setBeforeUs: Set<string>) {
    if (currentVersion() !== renderedVersion) return;
    const hashed = withScriptHashes(rendered.toString("utf8"), String(res.getHeader("Content-Security-Policy") ?? ""), String(res.locals.cspNonce ?? ""));
    const text = Buffer.from(hashed.html, "utf8");
    const headers: Entry["headers"] = hashed.policy ? [["Content-Security-Policy", hashed.policy]] : [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (setBeforeUs.has(name) || NOT_STORED.has(name) || value === undefined) continue;
      headers.push([name, typeof value === "number" ? String(value) : value]);
    }
    const digest = crypto.createHash("sha1").update(text).digest("base64url").slice(0, 22);
    lru.set(key, { text, headers, etag: `W/"${renderedVersion}-${digest}"` });
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!isLocalizablePath(req.path)) return next();
    void (async () => {
      if (await isStaff(req.headers.cookie)) return next();
      dropUnreadParams(req);
      const current = currentVersion();
      if (current === null) return next();
      const key = await keyFor(req);
      const entry = lru.get(key);
      countPageCache(entry !== undefined);
      if (entry) return send(req, res, key, entry);
      if (req.method === "GET") {
        const setBeforeUs = new Set(Object.keys(res.getHeaders()));
        recordAnswer(res, maxEntryBytes, (text) => store(key, res, text, current, setBeforeUs));
      }
      next();
    })().catch(next);
  };

  // defineProperties, not Object.assign, which would copy the getters' values once.
  return Object.defineProperties(middleware, {
    size: { get: () => lru.calculatedSize },
    entries: { get: () => lru.size },
    clear: { value: () => lru.clear() },
    stop: { value: () => clearInterval(watch) },
  }) as PageCache;
}

/**
 * May this answer be sent to everyone? Decided when its headers go out (only then are its status,
 * type and cookies known); if so, it is marked as such for browsers and CDNs too.
 */
function markIfStorable(res: Response): boolean {
  const type = String(res.getHeader("Content-Type") ?? "");
  const control = String(res.getHeader("Cache-Control") ?? "");
  const storable = res.statusCode === 200 && CACHEABLE_TYPE.test(type) && !res.getHeader("Set-Cookie") && !/no-store|private|no-cache/i.test(control);
  if (storable) {
    res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
    res.setHeader("Vary", "Cookie");
    res.setHeader("X-Page-Cache", "MISS");
  }
  return storable;
}

/**
 * Keeps a copy of what React Router writes to `res` (uncompressed: compression() is mounted before
 * the cache, so its own wrapper is the inner one) and hands it to `onEnd` when the answer is
 * complete, if it was storable and not larger than `maxBytes`. Express has no hook for a response's
 * body: like compression(), this wraps `writeHead`, `write` and `end`.
 */
function recordAnswer(res: Response, maxBytes: number, onEnd: (text: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let storable: boolean | undefined;
  const headersGoOut = () => {
    storable ??= markIfStorable(res);
  };
  const keep = (chunk: unknown, encoding: unknown) => {
    if (!storable || chunk == null || typeof chunk === "function") return;
    const buffer =
      typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      storable = false;
      chunks.length = 0;
    } else chunks.push(buffer);
  };

  const { writeHead, write, end } = res;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (typeof args[0] === "number") res.statusCode = args[0];
    headersGoOut();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    headersGoOut();
    keep(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: Response, ...args: unknown[]) {
    headersGoOut();
    keep(args[0], args[1]);
    const result = (end as (...a: unknown[]) => Response).apply(this, args);
    if (storable) onEnd(Buffer.concat(chunks));
    return result;
  } as typeof res.end;
}

/**
 * A signed session cookie (a valid or expired sign-in): staff pages are never served from or
 * stored in the cache. Read by the session code's own cookie (react-router's parser): a pattern of
 * our own missed `staff_session =…`, which the session still read as a sign-in, so a staff page
 * was stored and served to everyone.
 */
async function isStaff(cookieHeader: string | undefined): Promise<boolean> {
  if (!cookieHeader) return false;
  return Boolean(
    await sessionCookie()
      .parse(cookieHeader)
      .catch(() => null),
  );
}

async function keyFor(req: Request): Promise<string> {
  const cookieHeader = req.headers.cookie ?? "";
  let variant = "anon";
  if (cookieHeader) {
    // The same readers the pages use, so the key and the page can never disagree.
    const request = { headers: new Headers({ cookie: cookieHeader }) } as globalThis.Request;
    const [consent, lang] = await Promise.all([hasCookieConsent(request), savedLang(request)]);
    variant = `consent=${consent ? 1 : 0};lng=${lang ?? "-"}`;
  }
  // The origin a page writes into its absolute URLs (publicOrigin) is PUBLIC_ORIGIN, else the
  // protocol and Host of the request: both are in the key. The edge has dropped X-Forwarded-Host
  // and any X-Forwarded-Proto but http/https (express.server.ts), so nothing else names an origin.
  return `${req.protocol}://${req.headers.host ?? ""}${req.originalUrl}\n${variant}`;
}

/** Rewrites the request without the query parameters no page reads (React Router builds its URL from originalUrl). */
function dropUnreadParams(req: Request) {
  const at = req.originalUrl.indexOf("?");
  if (at === -1) return;
  const query = pageQuery(req.originalUrl.slice(at));
  if (query === req.originalUrl.slice(at)) return;
  req.originalUrl = `${req.originalUrl.slice(0, at)}${query}`;
  const mountedAt = req.url.indexOf("?");
  req.url = `${mountedAt === -1 ? req.url : req.url.slice(0, mountedAt)}${query}`;
}

/** The cache of this server process (server.mjs mounts it in front of React Router). */
let processCache: PageCache | undefined;

/** Called by shutdown() (boot.server.ts): no version check after the server stopped. */
export function stopPageCache() {
  processCache?.stop();
}
export function pageCache(req: Request, res: Response, next: NextFunction) {
  // PostgreSQL: every request (pages, data, api/, writes) first reads the content version, which no
  // synchronous read can there (content-version.server.ts); on SQLite this is null and nothing waits.
  const refreshed = refreshContentVersion();
  if (refreshed) return void refreshed.then(() => servePageCache(req, res, next), next);
  servePageCache(req, res, next);
}

function servePageCache(req: Request, res: Response, next: NextFunction) {
  const maxBytes = getEnv().pageCacheBytes;
  if (maxBytes === 0) return next(); // PAGE_CACHE_MB=0: every page is rendered (benchmarks, debugging)
  processCache ??= createPageCache({ maxBytes, onOutdated: getEnv().cdnPurge ? (urls) => void purgeCdn(urls) : undefined });
  processCache(req, res, next);
}
