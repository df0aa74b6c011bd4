import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { isLocalizablePath } from "~/lib/i18n";
import { pageQuery } from "~/lib/page-query";
import { contentVersion } from "~/server/content-version.server";
import { hasCookieConsent } from "~/server/cookie-consent.server";
import { getEnv } from "~/server/env.server";
import { savedLang } from "~/server/i18n.server";
import { sessionCookie } from "~/server/session.server";
import { log } from "../log.server";
import { countPageCache } from "../platform/metrics.server";

/**
 * The anonymous page cache, in front of React Router: a hit is answered from memory without
 * running middleware, loaders or React, at about the cost of a static file.
 *
 * - What: 200 answers to GET of public pages (HTML) and of their client-navigation `.data`
 *   requests, for visitors without a staff session cookie. Never: other methods, staff, answers
 *   that set a cookie or say private/no-store (the contact form's captcha), non-200 answers.
 * - Key: host + path + the query parameters pages read (`PAGE_QUERY_PARAMS`) + the cookie states
 *   that change the page (consent, saved language, which redirects unprefixed pages to /en). Other
 *   parameters (utm_source, fbclid, a random cache-buster) are removed from the request before it
 *   is rendered, so they neither miss the cache nor force a render, and the stored page never
 *   echoes them. The page's language is part of its path.
 * - Staff: only a validly signed session cookie skips the cache; a made-up one cannot force renders.
 * - Freshness: the content version (content-version.server.ts), which every content write moves
 *   in its own transaction, is read on every request (microseconds); when it moved the cache is
 *   emptied, so a write by any process shows on the very next request. A render during which it
 *   moved is not stored. Entries also expire after `ttlMs` as a safety net (the footer year,
 *   operator-edited content files).
 * - Never stored: answers that say no-store, such as a degraded page (markDegraded in
 *   request-scope.server.ts: search when the index fails, categories that could not be read).
 * - Bound: an LRU bounded by bytes, so random query strings cannot exhaust memory.
 * - CSP: the request edge sets a fresh nonce per response before this runs; a stored body is split
 *   at the nonce it was rendered with and a hit is joined with the current one.
 * - Compression: each part is also kept deflated (level 9), so a hit is not compressed again: the
 *   gzip answer is the deflated parts around the nonce as an uncompressed block (`gzipAround`).
 */
export type PageCacheOptions = {
  maxBytes?: number;
  /** A larger single answer is not stored. */
  maxEntryBytes?: number;
  ttlMs?: number;
  /** Injected by tests; the database's content version otherwise. */
  readVersion?: () => number;
};

type GzipParts = { deflated: Buffer[]; crcs: number[]; shifts: CrcShift[] };

type Entry = {
  /** The body split at the nonce it was rendered with: parts[0] nonce parts[1] nonce ... */
  parts: Buffer[];
  /**
   * Made on the first hit, so a page asked for once never pays for it: the same parts, each
   * deflated on its own and ended with a sync flush (see gzipAround), their CRC-32s, and the
   * operators that move a CRC past each of them, so a hit never reads the whole text again.
   */
  gzip?: GzipParts;
  size: number;
  headers: [string, string | string[]][];
  etag: string;
};

const PAGE_CACHE_CONTROL = "public, max-age=5, s-maxage=60, stale-while-revalidate=300";
const CACHEABLE_TYPE = /^text\/(html|x-script)\b/i;
const NONCE_IN_CSP = /'nonce-([^']+)'/;

/** Headers that belong to one response or one connection, or that this cache sets itself. */
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
  "content-security-policy",
  "x-request-id",
  "x-page-cache",
]);

export type PageCache = ((req: Request, res: Response, next: NextFunction) => void) & {
  /** Bytes held now (bodies only). */
  readonly size: number;
  readonly entries: number;
  clear(): void;
};

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxEntryBytes = Math.min(options.maxEntryBytes ?? 2 * 1024 * 1024, maxBytes);
  const readVersion = options.readVersion ?? contentVersion;
  const lru = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    maxEntrySize: maxEntryBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
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
    if (current !== version) lru.clear();
    version = current;
    return current;
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

  function send(req: Request, res: Response, key: string, entry: Entry) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Page-Cache", "HIT");
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      // The browser keeps the body it has, with the CSP it came with: a new nonce here would
      // replace the stored policy and block that body's scripts.
      res.removeHeader("Content-Security-Policy");
      res.statusCode = 304;
      res.end();
      return;
    }
    const nonce = Buffer.from((res.locals.cspNonce as string | undefined) ?? "");
    let body: Buffer;
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    if (req.acceptsEncodings("gzip") === "gzip") {
      if (!entry.gzip) {
        entry.gzip = {
          deflated: entry.parts.map(deflatePart),
          crcs: entry.parts.map((part) => zlib.crc32(part)),
          shifts: entry.parts.map((part) => crcShift(part.length)),
        };
        // Held bytes grow by the deflated copy: the LRU recounts its bound.
        entry.size += entry.gzip.deflated.reduce((sum, part) => sum + part.length, 0);
        lru.set(key, entry, { noUpdateTTL: true });
      }
      body = gzipAround(entry.parts, entry.gzip, nonce);
      // compression() leaves an answer that already has an encoding alone.
      res.setHeader("Content-Encoding", "gzip");
    } else body = joinAround(entry.parts, nonce);
    res.statusCode = 200;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  function record(req: Request, res: Response, key: string, startVersion: number) {
    const before = new Set(Object.keys(res.getHeaders()));
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    let decided = false;
    let cacheable = false;

    // Decided when the headers go out: only then are status, type and cookies known.
    const decide = () => {
      if (decided) return;
      decided = true;
      const type = String(res.getHeader("Content-Type") ?? "");
      const control = String(res.getHeader("Cache-Control") ?? "");
      cacheable = res.statusCode === 200 && CACHEABLE_TYPE.test(type) && !res.getHeader("Set-Cookie") && !/no-store|private|no-cache/i.test(control);
      if (cacheable) {
        res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
        res.setHeader("Vary", "Cookie");
        res.setHeader("X-Page-Cache", "MISS");
      }
    };
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (!cacheable || tooBig || chunk == null) return;
      const buffer = Buffer.isBuffer(chunk)
        ? Buffer.from(chunk)
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : null;
      if (!buffer) return;
      size += buffer.length;
      if (size > maxEntryBytes) {
        tooBig = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };

    const originalWriteHead = res.writeHead;
    const originalWrite = res.write;
    const originalEnd = res.end;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (typeof args[0] === "number") res.statusCode = args[0];
      decide();
      return (originalWriteHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      decide();
      keep(chunk, rest[0]);
      return (originalWrite as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: Response, ...args: unknown[]) {
      decide();
      if (typeof args[0] !== "function") keep(args[0], args[1]);
      const result = (originalEnd as (...a: unknown[]) => Response).apply(this, args);
      if (cacheable && !tooBig && currentVersion() === startVersion) {
        const body = Buffer.concat(chunks);
        const nonce = renderedNonce(res);
        const headers: Entry["headers"] = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (before.has(name) || NOT_STORED.has(name) || value === undefined) continue;
          headers.push([name, typeof value === "number" ? String(value) : value]);
        }
        const parts = nonce ? splitAt(body, Buffer.from(nonce)) : [body];
        const hash = crypto.createHash("sha1");
        for (const part of parts) hash.update(part).update("\0");
        lru.set(key, { parts, size: body.length + 256, headers, etag: `W/"${startVersion}-${hash.digest("base64url").slice(0, 22)}"` });
      }
      return result;
    } as typeof res.end;
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
      if (req.method === "GET") record(req, res, key, current);
      next();
    })().catch(next);
  };

  // defineProperties, not Object.assign, which would copy the getters' values once.
  return Object.defineProperties(middleware, {
    size: { get: () => lru.calculatedSize },
    entries: { get: () => lru.size },
    clear: { value: () => lru.clear() },
  }) as PageCache;
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

/** The nonce this response's scripts carry (set by the request edge), if any. */
function renderedNonce(res: Response): string | null {
  const fromLocals = res.locals.cspNonce;
  if (typeof fromLocals === "string" && fromLocals) return fromLocals;
  const csp = res.getHeader("Content-Security-Policy");
  const match = typeof csp === "string" ? NONCE_IN_CSP.exec(csp) : null;
  return match?.[1] ?? null;
}

function joinAround(parts: Buffer[], separator: Buffer): Buffer {
  if (parts.length === 1) return parts[0]!;
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(separator);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/**
 * A raw deflate stream of `part` that ends byte-aligned and not final (a sync flush). Such
 * streams, each compressed on its own, can follow one another inside one deflate stream: a block
 * only refers back to what its own compressor produced.
 */
function deflatePart(part: Buffer): Buffer {
  return zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

/** RFC 1952 member header: magic, deflate, no flags, no mtime, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** RFC 1951 3.2.4: an empty final stored block ends the deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * The gzip answer for parts joined around `separator` (the response's nonce), without compressing
 * the page again: the stored deflated parts, the separator as an uncompressed (stored) block
 * between them, an empty final block, then the CRC-32 and length of the whole text, combined from
 * the parts' stored CRCs (`crcAfter`) rather than computed over the whole text.
 */
function gzipAround(parts: Buffer[], gzip: GzipParts, separator: Buffer): Buffer {
  const storedSeparator = Buffer.alloc(5);
  // Block header byte (not final, stored) then LEN and its ones' complement, little-endian.
  storedSeparator.writeUInt16LE(separator.length, 1);
  storedSeparator.writeUInt16LE(~separator.length & 0xffff, 3);
  const separatorCrc = zlib.crc32(separator);
  const separatorShift = crcShift(separator.length);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(storedSeparator, separator);
      crc = crcAfter(crc, separatorShift, separatorCrc);
      length += separator.length;
    }
    pieces.push(gzip.deflated[i]!);
    crc = i === 0 ? gzip.crcs[0]! : crcAfter(crc, gzip.shifts[i]!, gzip.crcs[i]!);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/*
 * CRC-32 of a concatenation from the CRCs of its pieces, as zlib's crc32_combine: CRC(A+B) is
 * CRC(A) moved past len(B) zero bytes, XOR CRC(B). "Moving past n bytes" is linear over GF(2): a
 * 32x32 bit matrix (one 32-bit column per input bit), made once per length and applied in 32 steps.
 */
type CrcShift = Uint32Array;

function applyShift(shift: CrcShift, crc: number): number {
  let out = 0;
  for (let bit = 0; crc !== 0; bit++, crc >>>= 1) if (crc & 1) out ^= shift[bit]!;
  return out >>> 0;
}

function composeShifts(a: CrcShift, b: CrcShift): CrcShift {
  return b.map((column) => applyShift(a, column));
}

/** One zero bit: the reflected CRC-32 polynomial shifted in (zlib's "odd" operator). */
const ONE_BIT: CrcShift = Uint32Array.from({ length: 32 }, (_, bit) => (bit === 0 ? 0xedb88320 : 1 << (bit - 1)));
const TWO_BITS = composeShifts(ONE_BIT, ONE_BIT);
const FOUR_BITS = composeShifts(TWO_BITS, TWO_BITS);
const ONE_BYTE = composeShifts(FOUR_BITS, FOUR_BITS);
const IDENTITY: CrcShift = Uint32Array.from({ length: 32 }, (_, bit) => (1 << bit) >>> 0);

/** The operator that moves a CRC-32 past `bytes` bytes (square and multiply). */
function crcShift(bytes: number): CrcShift {
  let result = IDENTITY;
  let power = ONE_BYTE;
  for (let n = bytes; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = composeShifts(power, result);
    if (n > 1) power = composeShifts(power, power);
  }
  return result;
}

/** CRC-32 of A+B from CRC(A), the shift for len(B) and CRC(B). */
function crcAfter(crcOfA: number, shiftForB: CrcShift, crcOfB: number): number {
  return (applyShift(shiftForB, crcOfA) ^ crcOfB) >>> 0;
}

function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator, start); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

/** The cache of this server process (server.mjs mounts it in front of React Router). */
let processCache: PageCache | undefined;
export function pageCache(req: Request, res: Response, next: NextFunction) {
  const maxBytes = getEnv().pageCacheBytes;
  if (maxBytes === 0) return next(); // PAGE_CACHE_MB=0: every page is rendered (benchmarks, debugging)
  processCache ??= createPageCache({ maxBytes });
  processCache(req, res, next);
}
