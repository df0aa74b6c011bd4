import { endpoint, json } from "~/server/http/api/http.server";
import { wire } from "~/server/http/api/wire.server";
import { listNews, newsSelect } from "~/server/domain/news.server";

const LATEST_NEWS = 8;

/** GET api/latest-news/: the newest news (a plain list). */
const api = endpoint({
  GET: async () => json((await listNews({ size: LATEST_NEWS }, newsSelect)).rows.map(wire.news)),
});

export const loader = api.loader;
export const action = api.action;
