// Issue 26: `npm run backup` / `npm run restore` on PostgreSQL. The archive holds a pg_dump of the
// database and a manifest of every object key its rows reference; the objects stay in the store and
// both scripts check that each one is there. Here the store is UPLOADS_DIR (the S3 HEAD path is the
// same check against the bucket). PostgreSQL pass only (tests/domain/, which vitest.pg.config.ts runs).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { parseNewsInput, saveNews } from "~/server/domain/news.server";
import { db, onPostgres } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { jsonLines, runScript } from "../support/scripts";
import { staffWithCategory } from "../support/staff";

const env = () => ({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "info" });

async function newsWithImage(actor: { id: number; username: string }, categoryId: number, title: string) {
  const parsed = parseNewsInput({ category: String(categoryId), title, title_eng: title, description: "", date: "" });
  if (!parsed.ok) throw new Error("fixture");
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: title.length * 20, g: 10, b: 200 } } })
    .png()
    .toBuffer();
  const saved = await saveNews(null, parsed.data, { image: new File([new Uint8Array(png)], "foto.png", { type: "image/png" }) }, actor);
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  return saved.item;
}

const keyOf = (url: string) => url.replace(/^\/media\//, "");
const archiveOf = (lines: Record<string, unknown>[]) => String(lines.find((line) => typeof line.archive === "string")?.archive);

describe.skipIf(!onPostgres())("backups on PostgreSQL", () => {
  let actor: { id: number; username: string };
  let categoryId: number;
  beforeAll(async () => {
    ({ actor, categoryId } = await staffWithCategory("archivista", { name: "Archivio", name_eng: "Archive", type: "news" }));
  });

  it("a backup and a restore bring the rows back after a delete, with every referenced object checked", async () => {
    const news = await newsWithImage(actor, categoryId, "Prima");
    const backup = await runScript("scripts/backup.mjs", [], env());
    const written = jsonLines(backup.stdout).find((line) => line.msg === "backup written");
    expect(backup.code, backup.stdout + backup.stderr).toBe(0);
    expect(written).toMatchObject({ objects: { referenced: expect.any(Number), missing: 0, unchecked: 0 } });
    const archive = archiveOf([written!]);
    expect(path.basename(archive)).toMatch(/^backup-.*\.tar\.gz$/);

    await db.news.deleteMany({});
    expect(await db.news.count()).toBe(0);

    const restore = await runScript("scripts/restore.mjs", [archive], env());
    expect(restore.code, restore.stdout + restore.stderr).toBe(0);
    const restored = jsonLines(restore.stdout).find((line) => line.msg === "backup restored");
    expect(restored).toMatchObject({ objects: { missing: 0 }, previous: expect.stringMatching(/pre-restore-.*\.tar\.gz$/) });
    const back = await db.news.findUnique({ where: { id: news.id }, select: { title: true, image: true } });
    expect(back).toEqual({ title: "Prima", image: news.image });
  });

  it("an object missing from the store: the backup is kept, marked incomplete, and reported with its key and exit code 1; so is the restore", async () => {
    const news = await newsWithImage(actor, categoryId, "Seconda");
    const key = keyOf(news.image!);
    fs.rmSync(path.join(getEnv().uploadsDir, key));

    const backup = await runScript("scripts/backup.mjs", [], env());
    expect(backup.code).toBe(1);
    const line = jsonLines(backup.stdout).find((l) => l.level === "error");
    expect(line).toMatchObject({ msg: expect.stringContaining("incomplete"), complete: false, objects: { missing: 1 }, missingKeys: [key] });
    const archive = archiveOf([line!]);
    expect(fs.existsSync(archive)).toBe(true);
    const listed = await runTar(archive);
    const manifest = JSON.parse(listed) as { complete: boolean; database: string; objects: { keys: string[]; missing: string[] } };
    expect(manifest).toMatchObject({ database: "postgresql", complete: false, objects: { missing: [key] } });
    expect(manifest.objects.keys).toContain(key);

    const restore = await runScript("scripts/restore.mjs", [archive], env());
    expect(restore.code).toBe(1);
    expect(jsonLines(restore.stdout).find((l) => l.level === "error")).toMatchObject({ missingKeys: [key] });
    // The rows are back all the same.
    expect(await db.news.count({ where: { id: news.id } })).toBe(1);
  });

  it("a restore is refused while an instance of the site is connected to the database", async () => {
    const backup = await runScript("scripts/backup.mjs", [path.join(getEnv().dataDir, "elsewhere", "site.tar.gz")], env());
    const archive = archiveOf(jsonLines(backup.stdout));
    const instance = new pg.Client({ connectionString: getEnv().databaseUrl, application_name: "site leader web-1" });
    await instance.connect();
    try {
      const restore = await runScript("scripts/restore.mjs", [archive], env());
      expect(restore.code).toBe(1);
      expect(jsonLines(restore.stdout).at(-1)).toMatchObject({
        msg: "restore failed",
        reason: expect.stringContaining("stop every instance"),
        connected: ["site leader web-1"],
      });
    } finally {
      await instance.end();
    }
  });
});

/** The manifest of an archive, read with the system tar. */
async function runTar(archive: string): Promise<string> {
  const { execFile } = await import("node:child_process");
  return new Promise((resolve, reject) => execFile("tar", ["-xzOf", archive, "./manifest.json"], (error, stdout) => (error ? reject(error) : resolve(stdout))));
}
