import { endpoint, json } from "~/server/http/api/http.server";
import { wire } from "~/server/http/api/wire.server";
import { listMusic, musicSelect } from "~/server/domain/music.server";

const LATEST_MUSIC = 8;

/** GET api/latest-musics/: the newest compositions (a plain list). */
const api = endpoint({
  GET: async () => json((await listMusic({ size: LATEST_MUSIC }, musicSelect)).rows.map(wire.music)),
});

export const loader = api.loader;
export const action = api.action;
