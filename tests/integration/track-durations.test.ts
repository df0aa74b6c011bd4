import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/storage/db.server";
import { saveMusic, getMusicBySlug, parseMusicInput } from "~/server/domain/music.server";
import { stageFile } from "~/server/storage/stored-files.server";
import { backfillTrackDurations, readTrackDuration } from "~/server/domain/track-durations.server";
import { saveTempUpload } from "~/server/domain/uploads.server";
import { staffWithCategory } from "../support/staff";
import { at } from "../support/present";
import { silentWav as wav } from "../support/files";

const fileOf = (content: Buffer, name: string) => new File([new Uint8Array(content)], name);

let actor: { id: number; username: string };
let categoryId: number;
let cover: Buffer;

beforeAll(async () => {
  ({ actor, categoryId } = await staffWithCategory("staff", { name: "Colonne sonore", name_eng: "Soundtracks", type: "music" }));
  cover = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#456" } })
    .png()
    .toBuffer();
});

const input = (title: string) => {
  const parsed = parseMusicInput({ category: String(categoryId), title, mode: "tracks", videos: "", link: "" });
  if (!parsed.ok) throw new Error("bad fixture");
  return parsed.data;
};

describe("track durations", () => {
  it("are read from the file when a track is stored, through the form post and the async upload", async () => {
    const temp = await saveTempUpload(fileOf(wav(3.5), "tema.wav"), "track");
    const created = await saveMusic(
      null,
      input("Con durate"),
      { image: fileOf(cover, "c.png"), tracks: [{ temp_name: temp.temp_name, display_name: "Tema" }], trackFiles: [fileOf(wav(125), "lungo.wav")] },
      actor,
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(created.item.tracks.map((t) => t.durationSeconds)).toEqual([3.5, 125]);
    const rows = await db.musicTrack.findMany({ where: { musicId: created.item.id }, orderBy: { position: "asc" }, select: { durationSeconds: true } });
    expect(rows).toEqual([{ durationSeconds: 3.5 }, { durationSeconds: 125 }]);

    // an edit that keeps a track keeps its duration, and reads the new one's
    const kept = at(created.item.tracks, 1);
    const updated = await saveMusic(
      created.item,
      input("Con durate"),
      { tracks: [{ url: kept.url, name: "Lungo" }], trackFiles: [fileOf(wav(2), "breve.wav")] },
      actor,
    );
    if (!updated.ok) throw new Error(JSON.stringify(updated.errors));
    expect(updated.item.tracks.map((t) => [t.name, t.durationSeconds])).toEqual([
      ["Lungo", 125],
      [expect.stringMatching(/^breve/), 2],
    ]);
    expect((await getMusicBySlug(updated.item.slug))?.tracks.map((t) => t.durationSeconds)).toEqual([125, 2]);
  });

  it("a file that cannot be read gives no duration, not an error", async () => {
    expect(await readTrackDuration("/media/tracks/missing.wav")).toBeNull();
    expect(await readTrackDuration("/media/../../etc/passwd")).toBeNull();
  });

  it("the boot backfill fills rows stored without one (demo seed, older rows) from their files", async () => {
    const { url } = await stageFile("tracks", wav(7.25), "wav", "audio/wav");
    const music = await db.music.create({
      data: {
        slug: "senza-durate",
        title: "Senza durate",
        img: "",
        categoryId,
        tracks: {
          create: [
            { position: 0, name: "a", url },
            { position: 1, name: "b", url: "/media/tracks/gone.wav" },
          ],
        },
      },
      select: { id: true },
    });
    await backfillTrackDurations();
    const rows = await db.musicTrack.findMany({ where: { musicId: music.id }, orderBy: { position: "asc" }, select: { durationSeconds: true } });
    expect(rows).toEqual([{ durationSeconds: 7.25 }, { durationSeconds: null }]);
  });
});
