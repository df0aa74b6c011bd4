// One freshness rule for every cache of content (app/server/storage/content-version.server.ts): a content write
// moves the content version in its transaction, and the page cache, the read cache and the search index
// each compare their entries with it. Seen here through the real page cache middleware over HTTP, with a
// renderer that reads the database as pages do.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { categoriesOfType, updateCategory } from "~/server/domain/categories.server";
import { db } from "~/server/storage/db.server";
import { createPageCache } from "~/server/http/page-cache.server";
import { getMusicBySlug } from "~/server/domain/music.server";
import { searchSite } from "~/server/domain/search.server";
import { stageFile } from "~/server/storage/stored-files.server";
import { backfillTrackDurations } from "~/server/domain/track-durations.server";
import { first } from "../support/present";
import { staffWithCategory } from "../support/staff";
import { silentWav as wav } from "../support/files";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The page cache (the database's content version) in front of a renderer that reads the database. */
async function site(render: () => Promise<string>): Promise<string> {
  const app = express();
  app.use(createPageCache());
  app.get("*", (_req, res, next) => {
    render().then((body) => res.type("html").end(`<!DOCTYPE html><html><body>${body}</body></html>`), next);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** GET until the answer comes from the cache: the page is warm. */
async function warm(url: string): Promise<string> {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url);
    const body = await res.text();
    if (res.headers.get("x-page-cache") === "HIT") return body;
  }
  throw new Error(`${url} is never served from the cache`);
}

let actor: { id: number; username: string };
let categoryId: number;
beforeAll(async () => {
  ({ actor, categoryId } = await staffWithCategory("staff", { name: "Colonne sonore", name_eng: "Soundtracks", type: "music" }));
});

describe("content freshness", () => {
  it("a content write that logs no activity (the boot backfill of track durations) shows on the next anonymous page", async () => {
    const { url: track } = await stageFile("tracks", wav(4.5), "wav", "audio/wav");
    await db.music.create({
      data: { slug: "senza-durata", title: "Senza durata", img: "", categoryId, tracks: { create: [{ position: 0, name: "Tema", url: track }] } },
    });
    const url = await site(async () => {
      const music = await getMusicBySlug("senza-durata");
      return `durate: ${music?.tracks.map((t) => t.durationSeconds ?? "?").join(", ")}`;
    });
    expect(await warm(`${url}/compositions`)).toContain("durate: ?");
    const activities = await db.activity.count();

    expect(await backfillTrackDurations()).toBe(1);
    expect(await db.activity.count()).toBe(activities);

    const next = await fetch(`${url}/compositions`);
    expect(next.headers.get("x-page-cache")).toBe("MISS");
    expect(await next.text()).toContain("durate: 4.5");
  });

  it("one category rename is seen on the next read by the page cache, the read cache and the search index", async () => {
    await db.music.create({ data: { slug: "ricerca", title: "Brano da cercare", img: "", categoryId } });
    const url = await site(async () => `categorie: ${(await categoriesOfType("music")).map((c) => c.nameEng).join(", ")}`);
    expect(await warm(`${url}/compositions`)).toContain("categorie: Soundtracks");
    expect(first((await searchSite("cercare", "en")).results).category).toBe("Soundtracks");

    const renamed = await updateCategory(categoryId, { name: "Colonne sonore", name_eng: "Film scores", type: "music" }, actor);
    expect(renamed.ok).toBe(true);

    expect(await (await fetch(`${url}/compositions`)).text()).toContain("categorie: Film scores");
    expect((await categoriesOfType("music")).map((c) => c.nameEng)).toEqual(["Film scores"]);
    expect(first((await searchSite("cercare", "en")).results).category).toBe("Film scores");
  });
});
