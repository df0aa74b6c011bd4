// Direct access to a test server's database and uploads folder, to check what a request wrote.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, vi } from "vitest";
import { hashPassword } from "~/server/platform/password.server";
import type { TestServer } from "./server";

type HasData = Pick<TestServer, "dataDir">;

function withDb<T>(server: HasData, work: (db: Database.Database) => T): T {
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export function rows<T = Record<string, unknown>>(server: HasData, sql: string, ...params: unknown[]): T[] {
  return withDb(server, (db) => db.prepare(sql).all(...params) as T[]);
}

/** The first row a query answers; fails the test when it answers none. */
export function row<T = Record<string, unknown>>(server: HasData, sql: string, ...params: unknown[]): T {
  const [found] = rows<T>(server, sql, ...params);
  if (found === undefined) throw new Error(`no row for ${sql} (${params.join(", ")})`);
  return found;
}

/**
 * A write made outside the app: like any such writer (content-version.server.ts) it moves the content
 * version too, so the server's caches show it on the next request as they would a staff edit.
 */
export function run(server: HasData, sql: string, ...params: unknown[]) {
  return withDb(server, (db) => {
    const result = db.prepare(sql).run(...params);
    db.prepare(CONTENT_CHANGED).run();
    return result;
  });
}

const CONTENT_CHANGED = `UPDATE "ContentVersion" SET version = version + 1 WHERE id = 1`;

export function count(server: HasData, table: string, where = "1=1", ...params: unknown[]): number {
  return row<{ n: number }>(server, `SELECT COUNT(*) AS n FROM "${table}" WHERE ${where}`, ...params).n;
}

/** A signed-in user who is neither staff nor superuser, written straight into the database. */
export async function createPlainUser(server: HasData, username: string, password: string) {
  run(server, `INSERT INTO "User" (username, passwordHash, isStaff, isSuperuser) VALUES (?, ?, 0, 0)`, username, await hashPassword(password));
}

/** The file on disk behind a /media/... URL. */
export function mediaFile(server: HasData, url: string): string {
  return path.join(server.dataDir, "uploads", url.replace(/^\/media\//, ""));
}

export function tmpFiles(server: HasData): string[] {
  try {
    return fs.readdirSync(path.join(server.dataDir, "uploads", "tmp"));
  } catch {
    return [];
  }
}

/** Every file under the uploads folder (relative paths), to prove a refused request wrote nothing. */
function allUploads(server: HasData): string[] {
  const root = path.join(server.dataDir, "uploads");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** Counts of everything a write could touch: nothing may change after a refusal. */
function snapshot(server: HasData) {
  return {
    category: count(server, "Category"),
    news: count(server, "News"),
    music: count(server, "Music"),
    tracks: count(server, "MusicTrack"),
    attachments: count(server, "NewsAttachment"),
    activity: count(server, "Activity"),
    upload: count(server, "Upload"),
    contact: count(server, "ContactMessage"),
    files: allUploads(server).join("\n"),
  };
}

/**
 * `snapshot` once a refused request has ended: the edge streams file parts to tmp/*.part and removes
 * them when the request ends, which can be just after its answer arrives. A .part that stays longer
 * than five seconds is a leak and shows in the snapshot.
 */
export async function settledSnapshot(server: HasData) {
  await untilPartFilesGone(server);
  return snapshot(server);
}

/** Waits (up to five seconds) until no request of the server is still streaming a file part. */
export async function untilPartFilesGone(server: HasData) {
  const settled = () => expect(tmpFiles(server).filter((name) => name.endsWith(".part"))).toEqual([]);
  await vi.waitFor(settled, { timeout: 5_000, interval: 50 }).catch(() => {});
}
