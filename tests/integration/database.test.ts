import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configureDatabase, db } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { verifyPassword } from "~/server/platform/password.server";
import { drawContentImages, seedDemoContent } from "~/demo/seed.server";
import { isDatabaseEmpty, missingContentImages } from "~/server/domain/content.server";
import { keyOfUrl, publicKeyOf } from "~/server/storage/file-store.server";
import { ensureAdminUser } from "~/server/domain/users.server";
import { first } from "../support/present";

const mediaFilePath = (url: string) => path.join(getEnv().uploadsDir, keyOfUrl(url)!);

describe("a fresh database", () => {
  it("has every table after the migrations and runs in WAL mode", async () => {
    await configureDatabase();
    const tables = (await db.$queryRawUnsafe<{ name: string }[]>("SELECT name FROM sqlite_master WHERE type='table'")).map((t) => t.name);
    for (const table of [
      "User",
      "Session",
      "Category",
      "Music",
      "MusicTrack",
      "News",
      "NewsAttachment",
      "Activity",
      "Captcha",
      "Upload",
      "ContactMessage",
      "RateLimit",
      "StoredFile",
    ]) {
      expect(tables).toContain(table);
    }
    const { journal_mode } = first(await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode"));
    expect(journal_mode).toBe("wal");
    expect(await isDatabaseEmpty()).toBe(true);
  });

  it("creates admin with a random password printed once, and not again", async () => {
    const lines: { msg: string; [field: string]: unknown }[] = [];
    await ensureAdminUser({ report: (_level, msg, fields) => lines.push({ msg, ...fields }) });
    expect(lines.map((l) => l.msg)).toEqual(["staff account created"]);
    const password = String(lines[0]?.initialPassword ?? "");
    expect(password).toMatch(/^\S{12}$/);
    const user = await db.user.findUniqueOrThrow({ where: { username: "admin" } });
    expect(user.isStaff && user.isSuperuser).toBe(true);
    expect(user.passwordHash).not.toContain(password!);
    expect(await verifyPassword(password!, user.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong", user.passwordHash)).toBe(false);
    const again: string[] = [];
    await ensureAdminUser({ report: (_level, msg) => again.push(msg) });
    expect(again).toEqual([]);
    await ensureAdminUser({ username: "admin", password: "nuova-password", report: () => {} });
    const updated = await db.user.findUniqueOrThrow({ where: { username: "admin" } });
    expect(await verifyPassword("nuova-password", updated.passwordHash)).toBe(true);
  });

  it("loads the demo content with real files", async () => {
    await seedDemoContent();
    expect(await isDatabaseEmpty()).toBe(false);
    const types = (await db.category.findMany({ select: { type: true } })).map((c) => c.type);
    for (const type of ["news", "music", "lable", "about", "bio", "credits", "gallery"]) expect(types).toContain(type);
    const musicCategories = await db.category.findMany({ where: { type: "music" }, select: { name: true } });
    expect(musicCategories.length).toBeGreaterThanOrEqual(3);
    expect(musicCategories.map((c) => c.name)).toContain("COLONNE SONORE");

    const music = await db.music.findMany({ include: { tracks: true } });
    expect(music.length).toBeGreaterThanOrEqual(10);
    expect(music.some((m) => m.tracks.length === 1)).toBe(true);
    expect(music.some((m) => m.tracks.length >= 2)).toBe(true);
    expect(music.some((m) => m.videos)).toBe(true);
    expect(music.some((m) => m.link && m.tracks.length === 0)).toBe(true);
    expect(music.find((m) => m.title === "Perché la notte")?.slug).toBe("perche-la-notte");

    const news = await db.news.findMany({ include: { attachments: true } });
    expect(news.length).toBeGreaterThanOrEqual(14);
    expect(news.filter((n) => n.image).length).toBeGreaterThanOrEqual(14);
    expect(news.some((n) => n.attachments.length > 0)).toBe(true);
    expect(new Set(news.map((n) => n.slug)).size).toBe(news.length);

    const track = first(music.flatMap((m) => m.tracks));
    const trackFile = mediaFilePath(track.url)!;
    expect(fs.readFileSync(trackFile).subarray(0, 4).toString()).toBe("RIFF");
    const image = mediaFilePath(news.find((n) => n.image)!.image!)!;
    expect(fs.readFileSync(image).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const pdf = mediaFilePath(first(news.flatMap((n) => n.attachments)).url)!;
    expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("draws every image the static content files reference", async () => {
    const missing = await missingContentImages();
    expect(missing.length).toBeGreaterThan(8);
    await drawContentImages(missing);
    expect(fs.existsSync(path.join(getEnv().uploadsDir, "content", "hero-8.jpg"))).toBe(true);
    expect(await missingContentImages()).toEqual([]);
  });

  it("refuses media paths that leave the uploads folder", () => {
    expect(keyOfUrl("/media/../app.db")).toBeNull();
    expect(publicKeyOf("%2e%2e/app.db")).toBeNull();
    expect(keyOfUrl("/media/images/..\\..\\x")).toBeNull();
    expect(keyOfUrl("/media/images/a.jpg")).toBe("images/a.jpg");
  });
});
