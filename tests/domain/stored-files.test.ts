import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { runJanitor } from "~/server/domain/janitor.server";
import { saveNews, deleteNews, parseNewsInput } from "~/server/domain/news.server";
import { seedDemoContent } from "~/demo/seed.server";
import { keyOfUrl, urlOfKey } from "~/server/storage/file-store.server";
import { fileStore } from "~/server/storage/storage.server";
import { recountFiles, removeUnreferenced, stageFile } from "~/server/storage/stored-files.server";
import { purgeTrashEntry } from "~/server/domain/trash.server";
import { applyPendingMigrations } from "../../scripts/ops/migrations.mjs";
import { staffWithCategory } from "../support/staff";

/** issue 10: the storage interface, stored files counted in the database, the janitor. */
let actor: { id: number; username: string };
let categoryId: number;

beforeAll(async () => {
  ({ actor, categoryId } = await staffWithCategory("archivista", { name: "Archivio", name_eng: "Archive", type: "news" }));
});

const uploads = () => getEnv().uploadsDir;
const onDisk = (url: string) => fs.existsSync(path.join(uploads(), keyOfUrl(url)!));
const pdf = (text: string) => new File([`%PDF-1.4\n% ${text}\n%%EOF`], `${text}.pdf`, { type: "application/pdf" });
const input = (title: string) => {
  const parsed = parseNewsInput({ category: String(categoryId), title, title_eng: title, description: "", date: "" });
  if (!parsed.ok) throw new Error("fixture");
  return parsed.data;
};
async function refCount(url: string): Promise<number | null> {
  return (await db.storedFile.findUnique({ where: { key: keyOfUrl(url)! }, select: { refCount: true } }))?.refCount ?? null;
}

describe("StoredFile reference counts", () => {
  it("count every row and every kept revision or trash entry that uses a file, and delete the bytes only when nothing uses them", async () => {
    // Issue 24 (ADR 027): each save keeps a revision that counts the files it names, like a row.
    const a = await saveNews(null, input("Uno"), { attachmentFiles: [pdf("condiviso")] }, actor);
    const b = await saveNews(null, input("Due"), { attachmentFiles: [pdf("condiviso"), pdf("solo-due")] }, actor);
    if (!a.ok || !b.ok) throw new Error("fixture");
    const shared = a.item.attachments[0]!.url;
    const onlyB = b.item.attachments[1]!.url;
    expect(b.item.attachments[0]!.url).toBe(shared);
    // Two rows and their two creation revisions; one row and its revision.
    expect([await refCount(shared), await refCount(onlyB)]).toEqual([4, 2]);
    expect(await db.storedFile.findUnique({ where: { key: keyOfUrl(shared)! } })).toMatchObject({ contentType: "application/pdf", size: expect.any(Number) });

    // An update that replaces a file: the new one is counted, the old one loses the row but keeps the first revision's use.
    const updated = await saveNews(a.item, input("Uno"), { attachments: [], attachmentFiles: [pdf("nuovo")] }, actor);
    if (!updated.ok) throw new Error("fixture");
    const fresh = updated.item.attachments[0]!.url;
    expect([await refCount(shared), await refCount(fresh)]).toEqual([3, 2]);
    expect(onDisk(shared)).toBe(true);

    // A delete moves the item to the trash, which counts what the row counted: nothing is released.
    await deleteNews(b.item.id, actor);
    expect([await refCount(shared), await refCount(onlyB)]).toEqual([3, 2]);
    // Purged for good, with its revisions: only what other items' revisions and rows use stays.
    const entryOf = async (id: number) => (await db.trashEntry.findFirstOrThrow({ where: { kind: "news", itemId: id }, select: { id: true } })).id;
    await purgeTrashEntry(await entryOf(b.item.id), actor);
    expect([await refCount(shared), await refCount(onlyB)]).toEqual([1, null]);
    expect([onDisk(shared), onDisk(onlyB), onDisk(fresh)]).toEqual([true, false, true]);
    await deleteNews(a.item.id, actor);
    await purgeTrashEntry(await entryOf(a.item.id), actor);
    expect([await refCount(fresh), await refCount(shared)]).toEqual([null, null]);
    expect([onDisk(fresh), onDisk(shared)]).toEqual([false, false]);
  });

  it("an update that keeps its files keeps their counts", async () => {
    const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const created = await saveNews(null, input("Tiene"), { image: new File([new Uint8Array(png)], "a.png"), attachmentFiles: [pdf("tenuto")] }, actor);
    if (!created.ok) throw new Error("fixture");
    const kept = await saveNews(created.item, input("Tiene ancora"), {}, actor);
    if (!kept.ok) throw new Error("fixture");
    expect(kept.item.image).toBe(created.item.image);
    // The row once, and each of its two revisions (issue 24): the update moved no row count.
    expect([await refCount(created.item.image!), await refCount(created.item.attachments[0]!.url)]).toEqual([3, 3]);
    expect(onDisk(created.item.image!)).toBe(true);
    await deleteNews(created.item.id, actor);
  });

  it("removeUnreferenced keeps a file some row still counts and deletes one nobody counts", async () => {
    const counted = await saveNews(null, input("Contato"), { attachmentFiles: [pdf("contato")] }, actor);
    if (!counted.ok) throw new Error("fixture");
    const loose = await stageFile("attachments", Buffer.from("%PDF-1.4\n%%EOF loose"), "pdf", "application/pdf");
    const url = counted.item.attachments[0]!.url;
    expect(await removeUnreferenced([keyOfUrl(url)!, loose.key])).toEqual([loose.key]);
    expect([onDisk(url), onDisk(loose.url)]).toEqual([true, false]);
    await deleteNews(counted.item.id, actor);
  });

  it("one more use of a file already counted asks the store nothing inside the transaction (issue 34: on SQLite every query waits for it)", async () => {
    const { key, size } = await fileStore().put("attachments", Buffer.from(`condiviso ${Math.random()}`), "txt");
    const url = urlOfKey(key);
    await db.$transaction((tx) => recountFiles(tx, [], [url]));
    const stat = vi.spyOn(fileStore(), "stat");
    try {
      await db.$transaction((tx) => recountFiles(tx, [], [url, url]));
      expect(stat).not.toHaveBeenCalled();
    } finally {
      stat.mockRestore();
    }
    expect(await db.storedFile.findUnique({ where: { key }, select: { refCount: true, size: true } })).toEqual({ refCount: 3, size });
    // The three uses end: nothing is left for the counts the next test checks.
    await removeUnreferenced(await db.$transaction((tx) => recountFiles(tx, [url, url, url], [])));
    expect(await db.storedFile.count({ where: { key } })).toBe(0);
  });

  it("the demo seed ends with every use counted", async () => {
    await seedDemoContent();
    // Every use, counted from the rows themselves (Prisma reads, so the same check runs on SQLite and PostgreSQL).
    const [music, news, tracks, attachments, revisions, trash, events] = await Promise.all([
      db.music.findMany({ select: { img: true, score: true, scoreOriginal: true } }),
      db.news.findMany({ select: { image: true } }),
      db.musicTrack.findMany({ select: { url: true } }),
      db.newsAttachment.findMany({ select: { url: true } }),
      db.revision.findMany({ select: { files: true } }),
      db.trashEntry.findMany({ select: { files: true } }),
      db.event.findMany({ select: { image: true } }),
    ]);
    const urls = [
      ...music.flatMap((m) => [m.img, m.score, m.scoreOriginal]),
      ...events.map((e) => e.image),
      ...news.map((n) => n.image),
      ...tracks.map((t) => t.url),
      ...attachments.map((a) => a.url),
      ...[...revisions, ...trash].flatMap((r) => JSON.parse(r.files) as string[]),
    ];
    const counts = new Map<string, number>();
    for (const url of urls) if (url?.startsWith("/media/")) counts.set(url.slice("/media/".length), (counts.get(url.slice("/media/".length)) ?? 0) + 1);
    const expected = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, n]) => ({ key, n }));
    const rows = await db.storedFile.findMany({ select: { key: true, refCount: true }, orderBy: { key: "asc" } });
    expect(rows.map((r) => ({ key: r.key, n: r.refCount }))).toEqual(expected.map((e) => ({ key: e.key, n: Number(e.n) })));
    expect(rows.length).toBeGreaterThan(20);
  });
});

describe("the migration", () => {
  it("counts the files of rows that existed before it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stored-migration-"));
    const all = path.resolve("prisma/migrations");
    const earlier = path.join(dir, "migrations");
    fs.mkdirSync(earlier);
    for (const name of fs.readdirSync(all)) if (name < "20261122050000") fs.cpSync(path.join(all, name), path.join(earlier, name), { recursive: true });
    const databaseFile = path.join(dir, "old.db");
    await applyPendingMigrations({ databaseFile, migrationsDir: earlier });
    const sqlite = new Database(databaseFile);
    sqlite.exec(`
      INSERT INTO Category (id, name, nameEng, type) VALUES (1, 'A', 'A', 'music'), (2, 'N', 'N', 'news');
      INSERT INTO Music (id, slug, title, categoryId, img, updatedAt) VALUES (1, 'a', 'A', 1, '/media/images/${"a".repeat(32)}.jpg', 0), (2, 'b', 'B', 1, '/media/images/${"a".repeat(32)}.jpg', 0);
      INSERT INTO MusicTrack (musicId, position, name, url) VALUES (1, 0, 't', '/media/tracks/${"b".repeat(32)}.mp3');
      INSERT INTO News (id, slug, title, titleEng, date, image, categoryId, updatedAt) VALUES (1, 'n', 'N', 'N', '2026-01-01', NULL, 2, 0);
      INSERT INTO NewsAttachment (newsId, position, name, url) VALUES (1, 0, 'p', '/media/attachments/${"c".repeat(32)}.pdf'), (1, 1, 'q', '/media/tracks/${"b".repeat(32)}.mp3');
    `);
    sqlite.close();
    await applyPendingMigrations({ databaseFile, migrationsDir: all });
    const after = new Database(databaseFile);
    const rows = after.prepare(`SELECT key, contentType, refCount, size FROM StoredFile ORDER BY key`).all();
    after.close();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(rows).toEqual([
      { key: `attachments/${"c".repeat(32)}.pdf`, contentType: "application/pdf", refCount: 1, size: null },
      { key: `images/${"a".repeat(32)}.jpg`, contentType: "image/jpeg", refCount: 2, size: null },
      { key: `tracks/${"b".repeat(32)}.mp3`, contentType: "audio/mpeg", refCount: 2, size: null },
    ]);
  });
});

describe("the janitor", () => {
  it("removes orphaned stored files, old unfinished writes, expired temporary files and orphaned variants, and keeps the rest", async () => {
    const used = await saveNews(null, input("Usato"), { attachmentFiles: [pdf("usato")] }, actor);
    if (!used.ok) throw new Error("fixture");
    const orphan = await stageFile("attachments", Buffer.from("%PDF-1.4\n%%EOF orphan"), "pdf", "application/pdf");
    const root = uploads();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const write = (relative: string, mtime?: Date) => {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), "x");
      if (mtime) fs.utimesSync(path.join(root, relative), mtime, mtime);
    };
    write("tmp/0123456789abcdef.part", twoHoursAgo);
    write("images/deadbeef.part", twoHoursAgo);
    write("tmp/fedcba9876543210.part");
    write(`.variants/images/${"e".repeat(32)}.png/320.webp`);
    write("content/hero-test.jpg", twoHoursAgo);
    const report = await runJanitor();
    expect(report.orphans).toContain(orphan.key);
    expect(report.orphans).not.toContain(keyOfUrl(used.item.attachments[0]!.url));
    expect(report.unfinished.sort()).toEqual(["images/deadbeef.part", "tmp/0123456789abcdef.part"]);
    expect(report.derived).toEqual([`.variants/images/${"e".repeat(32)}.png/320.webp`]);
    expect(onDisk(orphan.url)).toBe(false);
    expect(onDisk(used.item.attachments[0]!.url)).toBe(true);
    expect(fs.existsSync(path.join(root, "tmp/fedcba9876543210.part"))).toBe(true);
    expect(fs.existsSync(path.join(root, "content/hero-test.jpg"))).toBe(true);
    expect(await fileStore().exists("tmp/fedcba9876543210.part")).toBe(true);
    await deleteNews(used.item.id, actor);
  });
});
