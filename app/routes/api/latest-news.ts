import { endpoint, json } from "~/server/api/http.server";
import { wire } from "~/server/api/wire.server";
import { listNews, newsSelect } from "~/server/news.server";

const LATEST_NEWS = 8;

/** GET api/latest-news/: the newest news (a plain list). */
const api = endpoint({
  GET: async () => json((await listNews({ size: LATEST_NEWS }, newsSelect)).rows.map(wire.news)),
});

export const loader = api.loader;
export const action = api.action;
