import { pageOf, parseListParams } from "~/lib/list-params";
import { json } from "./http.server";

/**
 * Search and paging of the api/ lists: the admin lists' own parameters (`q`, `page`, `size` of
 * 30, 50, 100 or all; lib/list-params.ts). Without `page` and `size` a list is whole.
 * The answer stays a plain JSON array (what the original client reads); the total number of
 * matches travels in the X-Total-Count header.
 */
export type ListQuery = { q: string; page: number; size: number | undefined };

export function listQuery(request: Request): ListQuery {
  const url = new URL(request.url);
  const p = parseListParams(url);
  const paged = url.searchParams.has("page") || url.searchParams.has("size");
  return paged ? { q: p.q, ...pageOf(p) } : { q: p.q, page: 1, size: undefined };
}

export function listResponse(items: unknown[], total: number): Response {
  return json(items, 200, { "X-Total-Count": String(total), "Access-Control-Expose-Headers": "X-Total-Count" });
}
