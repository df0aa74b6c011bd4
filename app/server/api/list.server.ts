import { parseListParams } from "~/lib/list-params";
import { json } from "./http.server";

/**
 * Search and paging of the api/ lists: the admin lists' own parameters (`q`, `page`, `size` of
 * 30, 50, 100 or all; components/admin/list-params.ts). Without `page` and `size` a list is whole.
 * The answer stays a plain JSON array (what the original client reads); the total number of
 * matches travels in the X-Total-Count header.
 */
export type ListQuery = { q: string; skip: number; take: number | undefined };

export function listQuery(request: Request): ListQuery {
  const url = new URL(request.url);
  const p = parseListParams(url);
  const paged = url.searchParams.has("page") || url.searchParams.has("size");
  return { q: p.q, skip: paged ? p.skip : 0, take: paged ? p.take : undefined };
}

/** Pages an ordered list; `matching` (ids found by the domain module's search) filters it first. */
export function pageOf<T extends { id: number }>(items: T[], query: ListQuery, matching?: Set<number>) {
  const filtered = matching ? items.filter((i) => matching.has(i.id)) : items;
  const end = query.take === undefined ? undefined : query.skip + query.take;
  return { items: filtered.slice(query.skip, end), total: filtered.length };
}

export function listResponse(items: unknown[], total: number): Response {
  return json(items, 200, { "X-Total-Count": String(total), "Access-Control-Expose-Headers": "X-Total-Count" });
}
