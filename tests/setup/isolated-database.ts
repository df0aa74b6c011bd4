// Each test file gets its own SQLite database and uploads folder, migrated from prisma/migrations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll } from "vitest";
import { resetEnvForTests } from "~/server/env.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-test-"));
const databaseFile = path.join(dir, "test.db");
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${databaseFile}`;
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret";
process.env.SEED_DEMO = "0";
resetEnvForTests();

export function applyMigrations(file: string) {
  const sqlite = new Database(file);
  const root = path.resolve("prisma/migrations");
  for (const name of fs.readdirSync(root).filter((n) => fs.statSync(path.join(root, n)).isDirectory()).sort()) {
    sqlite.exec(fs.readFileSync(path.join(root, name, "migration.sql"), "utf8"));
  }
  sqlite.close();
}
applyMigrations(databaseFile);

afterAll(async () => {
  const { disconnectDatabase } = await import("~/server/db.server");
  await disconnectDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
