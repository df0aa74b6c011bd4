import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { MAX_FILE_BYTES, MAX_REQUEST_BYTES, MB } from "../uploads.server";

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
/** The largest single upload plus room for the multipart envelope. */
export const UPLOAD_LIMIT = Math.max(...Object.values(MAX_FILE_BYTES)) + MB;
/** An admin or api/ form may carry several tracks and attachments at once (without JavaScript). */
export const CONTENT_FORM_LIMIT = MAX_REQUEST_BYTES;

type Module = { default?: unknown; loader?: { allowedMethods?: readonly string[]; bodyLimit?: number }; action?: unknown };

/** The path React Router routes a single-fetch data request (`/x.data`, `/_root.data`) to. */
function routedPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return pathname;
}

export function createRouteFacts(build: Pick<ServerBuild, "routes">) {
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

  return function factsFor(pathname: string): RouteFacts {
    const path = routedPath(pathname);
    const leaf = matchRoutes(roots, path)?.at(-1)?.route as Node | undefined;
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
    const bodyLimit = module.loader?.bodyLimit ?? (kind === "api" || kind === "admin" ? CONTENT_FORM_LIMIT : PUBLIC_FORM_LIMIT);
    return { kind, methods, bodyLimit, json: Boolean(declared) || isApi };
  };
}
