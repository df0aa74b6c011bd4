import { LRUCache } from "lru-cache";
import { matchRoutes, redirect, type RouteObject, type ServerBuild } from "react-router";
import { LOWER_CASE_PARAMS, nameSegment } from "~/lib/paths";
import { largestFileBytes, maxRequestBytes, MB } from "../domain/uploads.server";

/**
 * What the edge knows about a path, derived from the route table of the build (app/routes.ts):
 * which methods it answers and how large a body it may receive. Nothing here is a hand list of
 * routes: a page takes POST because its module has an action; an endpoint declares its methods
 * through `endpoint()` (api/http.server.ts), which tags its loader with `allowedMethods` (and a
 * `bodyLimit` when it takes more than its kind's default).
 */
type RouteKind = "page" | "admin" | "api" | "resource";
/** `json`: an endpoint (declared through endpoint()) whose answers, errors included, are JSON. */
export type RouteFacts = { kind: RouteKind; methods: string[]; bodyLimit: number; json: boolean };

/** A public form (contact, sign-in, consent): a few KB of text. */
export const PUBLIC_FORM_LIMIT = 64 * 1024;
/** The largest single upload plus room for the multipart envelope (read when asked: MAX_TRACK_MB is configuration). */
export const uploadLimit = () => largestFileBytes() + MB;
/** An admin or api/ form may carry several tracks and attachments at once (without JavaScript). */
export const contentFormLimit = maxRequestBytes;

type Module = { default?: unknown; loader?: { allowedMethods?: readonly string[]; bodyLimit?: () => number }; action?: unknown };

/** The path React Router routes a single-fetch data request (`/x.data`, `/_root.data`) to. */
function routedPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return pathname;
}

/** Answered by server.mjs before React Router (app/server/platform/). */
const PLATFORM_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

export function createRouteTable(build: Pick<ServerBuild, "routes">) {
  type Node = RouteObject & { module: Module };
  const nodes = new Map<string, Node & { children: Node[] }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index as false | undefined,
      caseSensitive: route.caseSensitive,
      module: route.module as Module,
      children: [],
    });
  }
  const roots: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }

  /**
   * The routes a path matches, root first (null: none). React Router's matchRoutes flattens and ranks
   * the whole table on every call, 2-3 ms for this site's 113 routes on the 2-core machine (more than
   * serving a built file), so the answers for recent paths are kept: a bounded map, because a client
   * can send any path.
   */
  const matched = new LRUCache<string, { routes: Node[] | null }>({ max: 2000 });
  function matchesOf(pathname: string): Node[] | null {
    let entry = matched.get(pathname);
    if (entry === undefined) {
      entry = { routes: matchRoutes(roots, pathname)?.map((m) => m.route) ?? null };
      matched.set(pathname, entry);
    }
    return entry.routes;
  }
  const leafOf = (pathname: string) => matchesOf(pathname)?.at(-1);

  function factsFor(pathname: string): RouteFacts {
    const path = routedPath(pathname);
    const leaf = leafOf(path);
    const module = leaf?.module ?? {};
    const declared = module.loader?.allowedMethods;
    const isApi = path === "/api" || path.startsWith("/api/");
    const isAdmin = path === "/admin" || path.startsWith("/admin/");
    let methods: string[];
    if (declared) methods = [...declared];
    else {
      methods = [];
      if (module.loader || module.default) methods.push("GET", "HEAD");
      if (module.action) methods.push("POST");
    }
    if (methods.length > 0) methods.push("OPTIONS");
    const kind: RouteKind = isApi ? "api" : isAdmin ? "admin" : module.default ? "page" : "resource";
    const bodyLimit = module.loader?.bodyLimit?.() ?? (kind === "api" || kind === "admin" ? contentFormLimit() : PUBLIC_FORM_LIMIT);
    return { kind, methods, bodyLimit, json: Boolean(declared) || isApi };
  }

  /**
   * The path as the site spells it, for a request that spelled it in other case: React Router
   * matches paths case-insensitively, so `/EN/bio`, `/Bio` and `/compositions/COLONNE%20SONORE`
   * rendered the page under a URL of their own (and `/EN/bio` in Italian, its language read from the
   * path). Fixed segments take the route table's spelling, the parameters that hold a name or a slug
   * are lower-cased as paths.ts writes them (LOWER_CASE_PARAMS), any other parameter is kept as sent.
   * Null when there is nothing to change, or when only a catch-all (`*`: no such page, api/, media)
   * matches, whose answer does not depend on case. The edge's guard asks for every GET and HEAD.
   */
  function caseCanonicalPath(pathname: string): string | null {
    // Only a path with a capital can be another spelling of a page. Not a built file (Vite names them
    // with capitals: entry.client-Bsrs3ixB.js) nor a client navigation's .data request (its links are
    // already canonical): matching those cost every script a page loads more than sending it.
    if (!/[A-Z]/.test(pathname) || pathname.startsWith("/assets/") || pathname.endsWith(".data")) return null;
    const routes = matchesOf(pathname);
    if (!routes) return null;
    const pattern = routes.flatMap((route) => (route.path ? route.path.split("/") : []));
    if (pattern.some((segment) => segment.includes("*"))) return null;
    const trailingSlash = pathname.length > 1 && pathname.endsWith("/");
    const sent = (trailingSlash ? pathname.slice(0, -1) : pathname).split("/").slice(1);
    if (pattern.length === 0 || sent.length !== pattern.length) return null;
    const spelled: string[] = [];
    for (const [i, segment] of pattern.entries()) {
      const raw = sent[i] ?? "";
      if (!segment.startsWith(":")) spelled.push(segment);
      else if (!LOWER_CASE_PARAMS.has(segment.slice(1))) spelled.push(raw);
      else {
        try {
          spelled.push(nameSegment(decodeURIComponent(raw)));
        } catch {
          return null; // malformed escape: React Router answers it
        }
      }
    }
    const canonical = `/${spelled.join("/")}${trailingSlash ? "/" : ""}`;
    return canonical === pathname ? null : canonical;
  }

  /**
   * True when only the public pages' catch-all (`*`, routes/not-found.tsx) would answer the path:
   * no page, feed or file route has it.
   */
  function isUnknownPage(pathname: string): boolean {
    const leaf = leafOf(pathname);
    return Boolean(leaf?.path?.endsWith("*") && leaf.module.default);
  }

  /**
   * The route a path belongs to, as a label of few values for /metrics: the leaf route module's id
   * (`routes/news-detail`), `assets` for the built files, `unmatched` for what no route has.
   */
  function routeLabel(pathname: string): string {
    if (pathname.startsWith("/assets/")) return "assets";
    if (PLATFORM_PATHS.has(pathname)) return pathname.slice(1);
    return leafOf(routedPath(pathname))?.id ?? "unmatched";
  }

  return { factsFor, caseCanonicalPath, isUnknownPage, routeLabel };
}

/**
 * One URL per page: a page its loader found under another spelling of its path (a category named
 * with hyphens for its spaces, `/compositions/colonne-sonore`) is moved for good to the path the
 * site links to, its query kept. Case variants never get here (the edge redirects them first).
 */
export function redirectToCanonicalPath(request: Request, canonicalPath: string): void {
  const url = new URL(request.url);
  if (url.pathname !== canonicalPath) throw redirect(`${canonicalPath}${url.search}`, 301);
}
