import { endpoint, json } from "~/server/http/api/http.server";
import { wire } from "~/server/http/api/wire.server";
import { categoryIdsNamed } from "~/server/domain/categories.server";
import { listMusic, musicSelect } from "~/server/domain/music.server";

/**
 * GET api/music-by-category/{CATEGORY NAME}: the album-by-category query of the original client
 * (upper-cased category name; any case matches). A plain list, empty for an unknown name.
 */
const api = endpoint({
  GET: async ({ params }) => {
    const categoryIds = await categoryIdsNamed((params.category ?? "").slice(0, 200));
    return json((await listMusic({ filter: { categoryIds } }, musicSelect)).rows.map(wire.music));
  },
});

export const loader = api.loader;
export const action = api.action;
