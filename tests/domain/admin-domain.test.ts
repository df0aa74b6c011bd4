import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { LoginError, verifyLogin } from "~/server/domain/auth.server";
import { categoryValuesFrom, createCategory, deleteCategory, parseCategoryInput, updateCategory } from "~/server/domain/categories.server";
import { db } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { saveMusic, parseMusicInput } from "~/server/domain/music.server";
import { saveNews, deleteNews, parseNewsInput } from "~/server/domain/news.server";
import { purgeTrashEntry } from "~/server/domain/trash.server";
import { createUserSession, getOptionalUser } from "~/server/domain/session.server";
import { cleanupAbandonedUploads, saveTempUpload, UploadError } from "~/server/domain/uploads.server";
import { staffWithCategory } from "../support/staff";
import { first } from "../support/present";

let actor: { id: number; username: string };
let categoryId: number;

beforeAll(async () => {
  ({ actor, categoryId } = await staffWithCategory("staff", { name: "Eventi", name_eng: "Events", type: "news" }));
});

const uploads = () => getEnv().uploadsDir;
function files(): string[] {
  if (!fs.existsSync(uploads())) return [];
  return fs
    .readdirSync(uploads(), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}
async function state() {
  return {
    news: await db.news.count(),
    attachments: await db.newsAttachment.count(),
    music: await db.music.count(),
    uploads: await db.upload.count(),
    activities: await db.activity.count(),
    files: files(),
  };
}
const newsInput = (title = "Titolo") => {
  const parsed = parseNewsInput({ category: String(categoryId), title, title_eng: "Title", description: "<p>x</p>", date: "" });
  if (!parsed.ok) throw new Error("bad fixture");
  return parsed.data;
};
const fileOf = (content: Buffer | string, name: string) => new File([typeof content === "string" ? content : new Uint8Array(content)], name);

describe("validation", () => {
  it("category: the placeholder type and empty names are refused with the spec's message", () => {
    const parsed = parseCategoryInput({ name: " ", name_eng: "x", type: "" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors).toEqual({ name: "Compila i campi obbligatori", type: "Compila i campi obbligatori" });
      // what the form shows again: the fields as typed
      expect(categoryValuesFrom({ name: " ", name_eng: "x", type: "" })).toEqual({ name: " ", name_eng: "x", type: "" });
      expect(parsed.status).toBe(400);
    }
  });

  it("news: the date defaults to today and must be a real YYYY-MM-DD", () => {
    expect(newsInput().date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bad = parseNewsInput({ category: "1", title: "a", title_eng: "b", date: "2026-02-30" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.date).toBe("Data non valida (AAAA-MM-GG)");
    const missing = parseNewsInput({ category: "", title: "", title_eng: "" });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(Object.keys(missing.errors).sort()).toEqual(["category", "title", "title_eng"]);
  });

  it("music: mode link needs a link; mode tracks needs a track or a video; an image is required", async () => {
    const music = await db.category.create({ data: { name: "Colonne sonore", nameEng: "Soundtracks", type: "music" } });
    const link = parseMusicInput({ category: String(music.id), title: "A", mode: "link", link: "" });
    if (!link.ok) throw new Error("schema should accept an empty link before the mode check");
    const before = await state();
    const noLink = await saveMusic(null, link.data, {}, actor);
    expect(noLink).toMatchObject({ ok: false, status: 400, errors: { link: "Compila i campi obbligatori", image: "Compila i campi obbligatori" } });
    const tracks = parseMusicInput({ category: String(music.id), title: "A", mode: "tracks" });
    if (!tracks.ok) throw new Error("fixture");
    expect(await saveMusic(null, tracks.data, {}, actor)).toMatchObject({ ok: false, errors: { tracks: "Aggiungi almeno una traccia o un video" } });
    expect(parseMusicInput({ category: "1", title: "A", mode: "link", link: "javascript:alert(1)" }).ok).toBe(false);
    expect(await state()).toEqual(before);
  });
});

describe("bad files change nothing", () => {
  it("refuses HTML named .jpg, SVG with a script, oversize and unknown temp names", async () => {
    const before = await state();
    const html = fileOf("<html><script>alert(1)</script></html>", "photo.jpg");
    const svg = fileOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "x.svg");
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const big = fileOf(Buffer.concat([png, Buffer.alloc(21 * 1024 * 1024)]), "big.png");
    expect(await saveNews(null, newsInput(), { image: html }, actor)).toMatchObject({
      ok: false,
      status: 415,
      errors: { image: expect.stringContaining("Immagine non valida") },
    });
    expect(await saveNews(null, newsInput(), { attachmentFiles: [svg] }, actor)).toMatchObject({ ok: false, status: 415 });
    expect(await saveNews(null, newsInput(), { attachmentFiles: [big] }, actor)).toMatchObject({ ok: false, status: 413 });
    for (const temp_name of ["../../test.db", "../tmp/x.pdf", "ffffffffffffffffffffffffffffffff.pdf"]) {
      expect(await saveNews(null, newsInput(), { attachments: [{ temp_name, display_name: "x" }] }, actor)).toMatchObject({ ok: false, status: 400 });
    }
    await expect(saveTempUpload(svg, "image")).rejects.toBeInstanceOf(UploadError);
    await expect(saveTempUpload(html, "attachment")).rejects.toBeInstanceOf(UploadError);
    expect(await state()).toEqual(before);
  });

  it("a temp upload of another kind cannot be promoted as an image", async () => {
    const pdf = await saveTempUpload(fileOf("%PDF-1.4\n%%EOF", "a.pdf"), "attachment");
    const result = await saveNews(null, newsInput(), { image: { temp_name: pdf.temp_name } }, actor);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(await db.news.count()).toBe(0);
  });

  it("what the bytes are decides where a temp upload may go: an MP3 uploaded as a track can be an attachment", async () => {
    // an empty ID3 tag and one MPEG-1 Layer III frame (128 kbps, 44.1 kHz: 417 bytes)
    const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413, 0x21)]);
    const mp3 = await saveTempUpload(
      fileOf(Buffer.concat([Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"), frame]), "canto.mp3"),
      "track",
    );
    const result = await saveNews(null, newsInput("Con audio"), { attachments: [{ temp_name: mp3.temp_name, display_name: "Canto" }] }, actor);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.item.attachments).toEqual([{ name: "Canto", url: expect.stringMatching(/^\/media\/attachments\/.+\.mp3$/) }]);
    if (result.ok) await deleteNews(result.item.id, actor);
  });

  it("a refused track list leaves no stored file behind (not even the new cover image)", async () => {
    const musicCategory = await createCategory({ name: "PROVA", name_eng: "TEST", type: "music" }, actor);
    if (!musicCategory.ok) throw new Error("fixture category not saved");
    const parsed = parseMusicInput({ category: String(musicCategory.item.id), title: "Senza file", mode: "tracks", videos: "", link: "" });
    if (!parsed.ok) throw new Error(`bad fixture ${JSON.stringify(parsed.errors)}`);
    const before = await state();
    const cover = await sharp({ create: { width: 9, height: 9, channels: 3, background: "#654321" } })
      .png()
      .toBuffer();
    const result = await saveMusic(
      null,
      parsed.data,
      { image: fileOf(cover, "c.png"), tracks: [{ temp_name: "0123456789abcdef0123456789abcdef.mp3", display_name: "x" }] },
      actor,
    );
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(await state()).toEqual(before);
  });
});

describe("writes and the activity log", () => {
  it("re-encodes images, stores files under server names, and cleans up on update and delete", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: "Secret GPS person" } } })
      .toBuffer();
    const temp = await saveTempUpload(fileOf("%PDF-1.4\n% unique\n%%EOF", "../../a.pdf"), "attachment", "Programma");
    const created = await saveNews(null, newsInput("<b>Titolo</b>"), { image: fileOf(jpeg, "../../evil.jpg"), attachments: [temp] }, actor);
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(created.item.title).toBe("<b>Titolo</b>");
    expect(created.item.image).toMatch(/^\/media\/images\/[0-9a-f]{32}\.jpg$/);
    const stored = fs.readFileSync(path.join(uploads(), created.item.image!.replace("/media/", "")));
    expect(stored.includes(Buffer.from("Secret GPS person"))).toBe(false);
    expect(created.item.attachments).toEqual([{ name: "Programma", url: expect.stringMatching(/^\/media\/attachments\/[0-9a-f]{32}\.pdf$/) }]);
    expect(await db.upload.count({ where: { tempName: temp.temp_name } })).toBe(0);

    const updated = await saveNews(created.item, newsInput("Titolo 2"), { attachments: [], removeImage: true }, actor);
    expect(updated.ok).toBe(true);
    // The first revision still names them (issue 24): they go once the item and its history are purged.
    const onDisk = () =>
      [first(created.item.attachments).url, created.item.image!].map((url) => fs.existsSync(path.join(uploads(), url.replace("/media/", ""))));
    expect(onDisk()).toEqual([true, true]);
    expect(await deleteNews(created.item.id, actor)).toBe(true);
    const entry = await db.trashEntry.findFirstOrThrow({ where: { kind: "news", itemId: created.item.id }, select: { id: true } });
    expect(await purgeTrashEntry(entry.id, actor)).toBe(true);
    expect(onDisk()).toEqual([false, false]);
    const log = (await db.activity.findMany({ orderBy: { id: "asc" }, select: { description: true, username: true, userId: true } })).map((a) => a.description);
    expect(log).toEqual(expect.arrayContaining(['Creata la notizia "<b>Titolo</b>"', 'Modificata la notizia "Titolo 2"', 'Eliminata la notizia "Titolo 2"']));
  });

  it("refuses to delete a category in use (409, Italian) and writes no activity for refused or missing items", async () => {
    const news = await saveNews(null, newsInput("Usa la categoria"), {}, actor);
    expect(news.ok).toBe(true);
    const before = await db.activity.count();
    const refused = await deleteCategory(categoryId, actor);
    expect(refused).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("è ancora usata da 1 notizia") });
    expect(await db.category.findUnique({ where: { id: categoryId } })).not.toBeNull();
    expect(await updateCategory(999999, { name: "x", name_eng: "x", type: "news" }, actor)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteCategory(999999, actor)).toMatchObject({ ok: false, status: 404 });
    expect(await db.activity.count()).toBe(before);
  });
});

describe("sign-in and sessions", () => {
  it("checks credentials, logs the sign-in, throttles failures per username and address", async () => {
    const user = await verifyLogin("staff", "staff-password-1", "198.51.100.1");
    expect(user.username).toBe("staff");
    expect(await db.activity.findFirst({ where: { description: 'Accesso effettuato da "staff"' } })).not.toBeNull();
    for (let i = 0; i < 10; i++) {
      await expect(verifyLogin("staff", "wrong", "198.51.100.2")).rejects.toMatchObject({ status: 400, message: "Username o password errati" });
    }
    const blocked = await verifyLogin("staff", "staff-password-1", "198.51.100.2").catch((e) => e);
    expect(blocked).toBeInstanceOf(LoginError);
    expect(blocked.status).toBe(429);
  }, 120_000);

  it("a stale or unknown session is anonymous, and its row is removed", async () => {
    const cookie = await createUserSession(actor.id);
    const request = () => new Request("http://x/admin/", { headers: { Cookie: first(cookie.split(";")) } });
    expect((await getOptionalUser(request()))?.username).toBe("staff");
    await db.session.updateMany({ data: { lastSeenAt: new Date(Date.now() - 3 * 60 * 60 * 1000) } });
    expect(await getOptionalUser(request())).toBeNull();
    expect(await db.session.count()).toBe(0);
    expect(await getOptionalUser(new Request("http://x/", { headers: { Cookie: "staff_session=forged" } }))).toBeNull();
  });

  it("abandoned temporary uploads are deleted", async () => {
    const temp = await saveTempUpload(fileOf("%PDF-1.4\n% old\n%%EOF", "old.pdf"), "attachment");
    await db.upload.updateMany({ where: { tempName: temp.temp_name }, data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) } });
    await cleanupAbandonedUploads();
    expect(await db.upload.count({ where: { tempName: temp.temp_name } })).toBe(0);
    expect(fs.existsSync(path.join(uploads(), "tmp", temp.temp_name))).toBe(false);
  });
});
