// Shared by the api-*.test.ts files: the client of scripts/api-client-demo.ts, database and disk checks.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { hashPassword } from "~/server/password.server";
import type { TestServer } from "./helpers/server";

export { ApiClient, TINY_PNG, expectJson, fakeMp3, fakePdf, runDemo } from "../../scripts/api-client-demo";

export const ADMIN = { username: "admin", password: "admin-password-123" };

/** SPEC.md 3, exactly. */
export const KEYS = {
  category: ["id", "name", "name_eng", "type"],
  categoryRef: ["id", "name", "name_eng"],
  music: ["category", "description", "description_eng", "id", "img", "link", "music_tracks", "slug", "title", "videos"],
  news: ["attachments", "category", "date", "description", "description_eng", "id", "image", "slug", "title", "title_eng"],
  activity: ["date", "description", "id", "user_data"],
  user: ["email", "first_name", "groups", "id", "is_staff", "is_superuser", "last_name", "username"],
  upload: ["display_name", "file_name", "temp_name"],
  file: ["name", "url"],
};

export const keys = (o: object) => Object.keys(o).sort();

export function sql<T = Record<string, unknown>>(server: TestServer, query: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function exec(server: TestServer, query: string, ...params: unknown[]) {
  const db = new Database(path.join(server.dataDir, "app.db"));
  try {
    return db.prepare(query).run(...params);
  } finally {
    db.close();
  }
}

export function count(server: TestServer, table: string, where = "1=1", ...params: unknown[]): number {
  return (sql<{ n: number }>(server, `SELECT COUNT(*) AS n FROM "${table}" WHERE ${where}`, ...params)[0]).n;
}

/** A signed-in user who is neither staff nor superuser, written straight into the database. */
export async function createPlainUser(server: TestServer, username: string, password: string) {
  exec(server, `INSERT INTO "User" (username, passwordHash, isStaff, isSuperuser) VALUES (?, ?, 0, 0)`, username, await hashPassword(password));
}

/** The file on disk behind a /media/... URL. */
export function mediaFile(server: TestServer, url: string): string {
  return path.join(server.dataDir, "uploads", url.replace(/^\/media\//, ""));
}

export function tmpFiles(server: TestServer): string[] {
  try {
    return fs.readdirSync(path.join(server.dataDir, "uploads", "tmp"));
  } catch {
    return [];
  }
}

/** Every file under the uploads folder (relative paths), to prove a refused request wrote nothing. */
export function allUploads(server: TestServer): string[] {
  const root = path.join(server.dataDir, "uploads");
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** Counts of everything a write could touch: nothing may change after a refusal. */
export function snapshot(server: TestServer) {
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
