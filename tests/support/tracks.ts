import { vi } from "vitest";
import type { WireTrack } from "~/server/http/api/wire.server";
import { TINY_PNG } from "./files";
import { expectJson, formData, HttpClient } from "./http";
import { at } from "./present";

/** Compositions and their tracks through api/, and waiting for a track's stream (tests of the transcode job). */

export type WireMusic = { slug: string; music_tracks: WireTrack[] };

/**
 * The staff client of a file's server, signed in through api/ once for the whole file: sign-ins are
 * throttled per user and address (10 in 15 minutes), and a throttled one left a test's upload
 * unauthenticated (answered before its body: EPIPE). `server.url` is read at the first call.
 */
export function staffClientOnce(server: { url: string }): () => Promise<HttpClient> {
  let signedIn: Promise<HttpClient> | undefined;
  return () =>
    (signedIn ??= (async () => {
      const api = new HttpClient(server.url);
      await api.apiLogin();
      return api;
    })());
}

/** The category each signed-in client files its compositions under (made by its first composition). */
const categories = new WeakMap<HttpClient, number>();

/** A connection closed under the request (the server's keep-alive ending as it was reused). */
const CONNECTION_LOST = new Set(["EPIPE", "ECONNRESET", "UND_ERR_SOCKET"]);

/**
 * PUT api/file/upload/ of a master, sent again once when fetch reused a keep-alive connection that the
 * server closed as the body was written to it (EPIPE): on a loaded machine, with masters of tens or
 * hundreds of MB, that race failed track-streams.test.ts and track-transcode-process.test.ts now and then.
 * A lost attempt leaves at most an upload no form claimed, which the janitor removes.
 */
async function uploadTrack(api: HttpClient, master: Uint8Array, name: string): Promise<Response> {
  try {
    return await api.upload(master, name, "track");
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (!(error instanceof TypeError) || !code || !CONNECTION_LOST.has(code)) throw error;
    return api.upload(master, name, "track");
  }
}

/** PUT api/file/upload/ then POST api/music/: a composition with one track made of `master`. */
export async function createWithTrack(api: HttpClient, title: string, master: Uint8Array, name: string): Promise<WireMusic> {
  let categoryId = categories.get(api);
  if (categoryId === undefined) {
    const category = await api.request("POST", "/api/category/", { json: { name: "Colonne sonore", name_eng: "Soundtracks", type: "music" } });
    categoryId = (await expectJson<{ id: number }>(category, "category")).id;
    categories.set(api, categoryId);
  }
  const upload = await expectJson<{ temp_name: string; display_name: string }>(await uploadTrack(api, master, name), "upload");
  const body = formData({
    category: String(categoryId),
    title,
    img: [new Blob([new Uint8Array(TINY_PNG)], { type: "image/png" }), "cover.png"],
    music_tracks: JSON.stringify([{ temp_name: upload.temp_name, display_name: "Tema" }]),
  });
  return expectJson<WireMusic>(await api.request("POST", "/api/music/", { form: body }), "POST music");
}

async function trackOf(api: HttpClient, slug: string): Promise<WireTrack> {
  return at((await api.getJson<WireMusic>(`/api/music/${slug}/`)).music_tracks, 0);
}

/** Waits (polling, no fixed sleep) until the track's state is one of `states`. */
export function trackIn(api: HttpClient, slug: string, states: string[], timeout = 120_000): Promise<WireTrack> {
  return vi.waitFor(
    async () => {
      const track = await trackOf(api, slug);
      if (!states.includes(track.state)) throw new Error(`state ${track.state}`);
      return track;
    },
    { timeout, interval: 200 },
  );
}
