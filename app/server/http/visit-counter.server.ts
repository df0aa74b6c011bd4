import type { Request, Response } from "express";
import { isbot } from "isbot";
import { isLocalizablePath, langFromPath } from "~/lib/i18n";
import { sessionCookie } from "../domain/session.server";
import { recordPageView, type Device } from "../domain/visit-counts.server";
import { getEnv } from "../platform/env.server";

/**
 * Which answers are page views (issue 38, ADR 045): called by the request edge when an answer has
 * gone out (express.server.ts, `begin`), the one place every answer passes, whether the page cache
 * sent it or React Router rendered it. Counted: a GET answered 200 with a public page, to an
 * anonymous visitor, either the HTML document or, with JavaScript, the `.data` request of a
 * client-side navigation to another page; and the 304 of the page cache to a browser that asked
 * whether its copy of such a page changed (a reload, a link back to a page it holds): the visitor
 * sees the page all the same, as a counter's script would count it. Not counted: staff, bots,
 * prefetches, HEAD, errors, anything else. Nothing is set on the answer: no cookie, no script.
 */
export function countPageView(req: Request, res: Response, target: string, signedIn: boolean) {
  if (req.method !== "GET" || (res.statusCode !== 200 && res.statusCode !== 304) || signedIn) return;
  const type = String(res.getHeader("Content-Type") ?? "");
  const document = type.startsWith("text/html");
  if (!document && !type.startsWith("text/x-script")) return;
  const path = document ? req.path : navigationPath(req);
  if (path === null || !isLocalizablePath(path)) return;
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose ?? req.headers["x-purpose"];
  if (typeof purpose === "string" && /prefetch|preview/i.test(purpose)) return;
  const userAgent = req.headers["user-agent"] ?? "";
  const device = userAgent === "" ? null : agentClass(userAgent);
  if (device === null) return;
  const cookies = req.headers.cookie;
  // A staff session cookie, even an expired one: staff looking at their own site are not visitors.
  if (cookies?.includes(`${sessionCookie().name}=`)) return;
  if (!document && samePageReferer(req, path)) return;
  const untracked = req.headers.dnt === "1" || req.headers["sec-gpc"] === "1";
  recordPageView({
    path,
    lang: langFromPath(path) ?? "it",
    visitor: untracked ? null : { address: String(req.headers["x-client-address"] ?? req.ip ?? ""), userAgent },
    source: document ? sourceOf(req, target) : null,
    device,
  });
}

/** The page a client navigation's `.data` request is for ("/en/bio.data" -> "/en/bio", "/_root.data" -> "/"); null otherwise. */
function navigationPath(req: Request): string | null {
  const path = req.path;
  if (!path.endsWith(".data")) return null;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/**
 * React Router asks for the `.data` of the page being shown again after a form on it was sent (the
 * cookie banner, the contact form): that is the same view, not a new one. A navigation's request
 * comes from the page the visitor leaves, and our Referrer-Policy sends our own pages' paths.
 */
function samePageReferer(req: Request, path: string): boolean {
  const referer = req.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).pathname === path;
  } catch {
    return false;
  }
}

const SOURCE_MAX = 100;

/** `utm_source` when the address has one, else the host of a Referer from another site; null for none. */
function sourceOf(req: Request, target: string): string | null {
  const query = target.indexOf("?");
  if (query !== -1) {
    const utm = new URLSearchParams(target.slice(query + 1)).get("utm_source")?.trim().toLowerCase();
    if (utm) return utm.slice(0, SOURCE_MAX);
  }
  const referer = req.headers.referer;
  if (!referer) return null;
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (host === "" || host === req.hostname?.toLowerCase()) return null;
  const own = getEnv().publicOrigin;
  if (own && new URL(own).hostname.toLowerCase() === host) return null;
  return host.replace(/^www\./, "").slice(0, SOURCE_MAX);
}

/**
 * What a user agent is: null for a bot, else its device class. Remembered for the last thousand user agents:
 * isbot's list is one large pattern (about 10 µs a test, as much as the rest of the counting together), and
 * the same few browsers come again and again.
 */
const agents = new Map<string, Device | null>();
const AGENTS_KEPT = 1000;

function agentClass(userAgent: string): Device | null {
  let known = agents.get(userAgent);
  if (known === undefined) {
    known = isbot(userAgent) ? null : deviceOf(userAgent);
    if (agents.size >= AGENTS_KEPT) agents.clear();
    agents.set(userAgent, known);
  }
  return known;
}

/** A small rule (no library): tablets first (an Android without "Mobile" is a tablet), then phones. */
function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return "phone";
  return "computer";
}
