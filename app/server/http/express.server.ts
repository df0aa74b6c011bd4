import crypto from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { langFromPath, type Lang } from "~/lib/i18n";
import { pagePath } from "~/lib/paths";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getEnv } from "../platform/env.server";
import { presignedMediaOrigin } from "../storage/s3.server";
import { requestInfoContext, type RequestInfo } from "./context.server";
import { runInRequestScope } from "../platform/request-scope.server";
import { contentSecurityPolicy, DOCUMENT_ONLY_HEADERS, newNonce, securityHeaders } from "./csp.server";
import { MESSAGES, type Messages } from "./errors.server";
import { proxyMismatch } from "../../../core/proxy.mjs";
import { SAFE_METHODS, isCrossSiteRequest } from "./forgery.server";
import { log } from "../platform/log.server";
import { countRequest } from "./metrics.server";
import { countPageView } from "./visit-counter.server";
import { createRouteTable } from "./routes.server";

/**
 * The Express half of the request edge (server.mjs mounts these, in this order):
 *   begin   request id, CSP nonce + headers, client address, the access log line
 *   guard   methods from the route table, cross-site refusal, Content-Length over the limit
 *   getLoadContext   hands the request id and nonce to React Router
 *   lastResort   anything that escaped: logged with its id, answered without internals
 * Body limits for chunked bodies are enforced by the readers (body.server.ts) while streaming.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type Locals = { cspNonce: string; requestId: string; requestInfo: RequestInfo };

function locals(res: Response): Locals {
  return res.locals as Locals;
}

function langOf(path: string): Lang {
  return langFromPath(path) ?? "it";
}

const PAGE_TEXT = {
  it: { title: "Errore", home: "Torna alla home" },
  en: { title: "Error", home: "Back to the home page" },
};

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An answer from the edge: JSON `{error}` under /api/ (Italian), a small page in the visitor's language elsewhere. */
function edgeAnswer(req: Request, res: Response, status: number, messages: Messages, headers: Record<string, string> = {}, asJson = false) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader("Cache-Control", "no-store");
  const path = req.path;
  if (asJson || path === "/api" || path.startsWith("/api/") || path.endsWith(".data") || req.method === "HEAD") {
    if (req.method === "HEAD") return res.status(status).end();
    return res.status(status).json({ error: messages.it });
  }
  const lang = langOf(path);
  const text = PAGE_TEXT[lang];
  const home = pagePath("home", lang);
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} ${text.title}</title></head>` +
        `<body><main><h1>${status} ${text.title}</h1><p>${escapeHtml(messages[lang])}</p><p><a href="${home}">${text.home}</a></p></main></body></html>`,
    );
}

/**
 * A Host a URL can be made of: a name or IPv4 address (letters, digits, "-", "_", "."), or an IPv6
 * address in brackets, then an optional port. Anything else ("a b", "[::1", "x/y", "u@x") made
 * React Router's URL throw (a 500) or named a host the link-making code half read.
 */
const VALID_HOST = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

function validHost(host: string): boolean {
  const match = VALID_HOST.exec(host);
  if (!match || Number(match[1] ?? 0) > 65535) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The origin-form (path and query) of a request target: an origin-form target as it is, an
 * absolute-form one (`GET http://host/path`, which HTTP/1.1 servers must accept) as its path and
 * query; null for anything else (`*`, another scheme, no host). The authority of an absolute-form
 * target is not used: the page's origin stays the Host header's, the one the page cache keys on.
 */
function originFormTarget(target: string): string | null {
  if (target.startsWith("/")) return target;
  const authority = /^https?:\/\/[^/?#\s]+/i.exec(target);
  if (!authority) return null;
  const rest = target.slice(authority[0].length);
  if (rest === "") return "/";
  if (rest.startsWith("/")) return rest;
  if (rest.startsWith("?")) return `/${rest}`;
  return null;
}

/** Both languages at once: before the request line is read there is no path to tell the language by. */
const UNPARSED_MESSAGES: Record<number, string> = {
  400: "Richiesta non valida. / Invalid request.",
  408: "Richiesta troppo lenta. / Request timeout.",
  431: "Intestazioni della richiesta troppo grandi. / Request headers too large.",
};

/** A missing file's answer (fileNotFound): both languages, since a file path tells no language. */
const FILE_NOT_FOUND_TEXT = "404 File non trovato. / File not found.\n";
/** Files come only with a new build (uploads are under /media, answered by their own route). */
const MISSING_FILE_MAX_AGE_S = 3600;

const BAD_HOST_OR_TARGET: Messages = {
  it: "Richiesta non valida: l'host o l'indirizzo richiesto non è valido.",
  en: "Invalid request: the host or the requested address is not valid.",
};

export function createEdge(build: Pick<ServerBuild, "routes">) {
  const env = getEnv();
  const https = (env.publicOrigin ?? "").startsWith("https://");
  const mediaOrigin = presignedMediaOrigin(env.s3);
  const { factsFor, caseCanonicalPath, isUnknownPage, routeLabel } = createRouteTable(build);
  const extraHeaders = securityHeaders({ https });
  let warnedForwarded = false;
  // An HTTP/1.0 client may send no Host: its pages name the public origin's host, or localhost.
  const hostWhenNone = env.publicOrigin ? new URL(env.publicOrigin).host : "localhost";
  if (env.trustProxy && !env.publicOrigin) {
    log().warn(
      "TRUST_PROXY is set but PUBLIC_ORIGIN is not: absolute links (canonical, feeds, sitemap) use the Host header the proxy passes on, and X-Forwarded-Host is ignored; set PUBLIC_ORIGIN to the site's address",
    );
  }

  /**
   * What a page reads of the request to make its absolute URLs, made safe before anything reads it
   * (docs/operations.md, "Behind a reverse proxy"). False when the request was answered here (400).
   */
  const checkHostAndTarget = (req: Request): boolean => {
    // X-Forwarded-Host is never believed: a client could set it past a proxy that does not
    // overwrite it, and the page cache would then serve its host to everyone. Absolute URLs come
    // from PUBLIC_ORIGIN, else from the Host header (which the page cache keys on).
    delete req.headers["x-forwarded-host"];
    if (env.trustProxy) {
      const proto = req.get("x-forwarded-proto");
      if (proto !== undefined && !/^\s*https?\s*(,|$)/i.test(proto)) delete req.headers["x-forwarded-proto"];
    }
    const host = req.headers.host ?? "";
    if (host === "") {
      // HTTP/1.1 requires a Host (Node refuses a missing one); HTTP/1.0 need not send one.
      if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) return false;
      req.headers.host = hostWhenNone;
    } else if (!validHost(host)) return false;
    const target = originFormTarget(req.originalUrl);
    if (target === null) return false;
    if (target !== req.originalUrl) {
      req.url = target;
      req.originalUrl = target;
    }
    return true;
  };

  const begin: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const fromProxy = env.trustProxy ? req.get("x-request-id") : undefined;
    const requestId = fromProxy && REQUEST_ID.test(fromProxy) ? fromProxy : crypto.randomUUID();
    const nonce = newNonce();
    const info: RequestInfo = { requestId, nonce, userId: null };
    Object.assign(res.locals, { cspNonce: nonce, requestId, requestInfo: info } satisfies Locals);
    res.setHeader("X-Request-Id", requestId);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { https, mediaOrigin }));
    for (const [k, v] of Object.entries(extraHeaders)) res.setHeader(k, v);
    // React Router only sees the Request: the address (rate limits) travels in a header that is
    // always overwritten here, so a client cannot forge it.
    req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    if (!env.trustProxy && !warnedForwarded && req.get("x-forwarded-for")) {
      warnedForwarded = true;
      log().warn(
        { reqId: requestId },
        "requests carry X-Forwarded-For but TRUST_PROXY is not set: client addresses are the proxy's (set TRUST_PROXY=1 behind one proxy)",
      );
    }
    let logged = false;
    // As the client asked for it: the page cache drops the query parameters no page reads (utm_source).
    const target = req.originalUrl;
    const atEnd: (() => void)[] = [];
    const done = () => {
      if (logged) return;
      logged = true;
      for (const fn of atEnd.splice(0)) fn();
      const durationMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      countRequest(routeLabel(req.path), req.method, res.statusCode, durationMs / 1000);
      if (res.writableFinished) countPageView(req, res, target, info.userId !== null);
      log().info(
        {
          reqId: requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs,
          ip: req.ip ?? req.socket.remoteAddress,
          ...(info.userId !== null ? { userId: info.userId } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
    };
    res.on("finish", done);
    res.on("close", done);
    if (!checkHostAndTarget(req)) return edgeAnswer(req, res, 400, BAD_HOST_OR_TARGET);
    // React Router appends its own headers to this one, and pages set no Cache-Control of their own
    // but no-store (contacts, admin), so a degraded answer stays no-store.
    const noStore = () => {
      if (!res.headersSent) res.setHeader("Cache-Control", "no-store");
    };
    runInRequestScope({ requestId, callbacks: atEnd, noStore }, next);
  };

  /**
   * A page's form (sign-in, admin) posted by the browser from our own page, whose Origin React Router
   * would find different from the request's origin (its bare 400 "Bad Request"): our own page by the
   * browser's word (Sec-Fetch-Site: same-origin), or by our forgery policy, so the difference comes
   * from the proxy in front. api/ routes are not checked by React Router and keep their answers.
   */
  const proxyProblem = (req: Request, requestOrigin: string) => {
    const origin = req.get("origin");
    if (!origin || origin === "null") return null;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return null;
    }
    if (parsed.origin === requestOrigin) return null;
    const ours = req.get("sec-fetch-site")?.toLowerCase() === "same-origin" || !isCrossSiteRequest((name) => req.get(name), requestOrigin);
    return ours ? proxyMismatch(parsed, new URL(requestOrigin), Boolean(env.trustProxy)) : null;
  };

  const guard: RequestHandler = (req, res, next) => {
    const method = req.method.toUpperCase();
    // A GET or HEAD goes on (static files are served after this guard, and pages answer them), unless
    // its path is a case variant of a page's (`/EN/bio`).
    if (method === "GET" || method === "HEAD") {
      const canonical = caseCanonicalPath(req.path);
      if (canonical === null) return next();
      const query = req.originalUrl.indexOf("?");
      return res.redirect(301, safeRedirectPath(query === -1 ? canonical : `${canonical}${req.originalUrl.slice(query)}`));
    }
    const facts = factsFor(req.path);
    const allow = facts.methods.join(", ");
    if (method === "OPTIONS") {
      if (facts.methods.length === 0) return edgeAnswer(req, res, 405, MESSAGES.method, {}, facts.json);
      res.setHeader("Allow", allow);
      return res.status(204).end();
    }
    if (!facts.methods.includes(method)) {
      return edgeAnswer(req, res, 405, MESSAGES.method, allow ? { Allow: allow } : {}, facts.json);
    }
    if (SAFE_METHODS.has(method)) return next();
    const requestOrigin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
    const misconfigured = (facts.kind === "page" || facts.kind === "admin") && !facts.json ? proxyProblem(req, requestOrigin) : null;
    if (misconfigured) {
      log().warn(
        { reqId: locals(res).requestId, origin: req.get("origin"), requestOrigin, setting: misconfigured.setting, fix: misconfigured.messages.en },
        "a page's form was refused because the reverse proxy and the settings disagree on the site's address (docs/operations.md, Behind a reverse proxy)",
      );
      return edgeAnswer(req, res, 400, misconfigured.messages);
    }
    if (isCrossSiteRequest((name) => req.get(name), requestOrigin)) {
      return edgeAnswer(req, res, 403, MESSAGES.crossSite, {}, facts.json);
    }
    const declared = req.get("content-length");
    if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > facts.bodyLimit) {
      // The body is never read into memory: Node discards what still arrives after the answer.
      return edgeAnswer(req, res, 413, MESSAGES.tooLarge(facts.bodyLimit), {}, facts.json);
    }
    next();
  };

  const getLoadContext = (_req: Request, res: Response) => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, locals(res).requestInfo);
    return context;
  };

  const lastResort: ErrorRequestHandler = (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500;
    if (status >= 400 && status < 500) {
      // Express's own body/URL errors (malformed URI...): the client's.
      if (res.headersSent) return next(error);
      return edgeAnswer(req, res, status, { it: "Richiesta non valida.", en: "Invalid request." });
    }
    log().error({ reqId: locals(res).requestId, err: error, method: req.method, path: req.path }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    edgeAnswer(req, res, 500, MESSAGES.internal);
  };

  /** CONNECT never reaches Express (Node hands over the socket): refuse it like any unknown method. */
  const refuseTunnel = (req: { method?: string; url?: string }, socket: Duplex) => {
    const requestId = crypto.randomUUID();
    log().info({ reqId: requestId, method: req.method, path: req.url, status: 405 }, "request");
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nX-Request-Id: ${requestId}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  };

  /**
   * A request Node's parser refuses (malformed start line or header, headers over the limit, too
   * slow) never reaches Express: server.mjs hands it here ("clientError") so it is answered like
   * the edge's own answers, with a request id and an access line, not Node's bare 400/431.
   */
  const refuseUnparsed = (error: Error & { code?: string }, socket: Duplex & { _httpMessage?: { headersSent?: boolean } | null }) => {
    // As Node's default: a reset connection, or one already answering, is only closed.
    if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    const requestId = crypto.randomUUID();
    log().info({ reqId: requestId, status, reason: error.code ?? error.message }, "request");
    const body = `${UNPARSED_MESSAGES[status] ?? UNPARSED_MESSAGES[400]}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nX-Request-Id: ${requestId}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  };

  /**
   * After the static files (server.mjs): a GET of a path that names a file (`/favicon.ico`,
   * `/wp-login.php`, `/assets/gone.js`) that neither the static files nor a route has is answered
   * here, in a few bytes and cacheable, instead of by a full render of the not-found page: such
   * requests come from crawlers, scanners and stale caches, and must not cost a render each. A page
   * path (no dot in its last segment) still gets the rendered page (its links lead back into the site).
   */
  const fileNotFound: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // A file name has a dot (`x.png`, `.env`); a page path has none, a client navigation ends in `.data`.
    const name = req.path.slice(req.path.lastIndexOf("/") + 1);
    if (!name.includes(".") || name.endsWith(".data") || !isUnknownPage(req.path)) return next();
    res.status(404).setHeader("Cache-Control", `public, max-age=${MISSING_FILE_MAX_AGE_S}`);
    if (req.method === "HEAD") return res.end();
    res.type("text/plain").send(FILE_NOT_FOUND_TEXT);
  };

  /**
   * For the static handler of Vite's fingerprinted files (server.mjs), called just before it sends
   * one: the document-only headers come off, and so do the request id (a file never changes under
   * its name: nobody reports a request for one) and Referrer-Policy (a module script without one
   * fetches its imports with the document's policy, which is the same). Only a file actually sent
   * loses them: a path under /assets/ that names no file goes on to fileNotFound, with its policy. A
   * first visit of / fetches 14 such files, and Lighthouse counts every header byte (issue 33).
   */
  const forBuiltFile = (res: Response) => {
    for (const name of [...DOCUMENT_ONLY_HEADERS, "X-Request-Id", "Referrer-Policy"]) res.removeHeader(name);
  };

  return { trustProxy: env.trustProxy, begin, guard, getLoadContext, fileNotFound, lastResort, refuseTunnel, refuseUnparsed, forBuiltFile };
}
