// Issue 38: the demo cookie and privacy policies now say what the site counts without cookies
// (content/data/*.json). Migration 20261204000000_visit_and_play_stats gives a data folder that imported the
// earlier demo the new texts, on SQLite and on PostgreSQL, only where a stored field is still the earlier demo's.
// tests/fixtures/demo-content-before-stats holds the earlier files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPendingMigrations } from "../../scripts/ops/migrations.mjs";
import { migrationsFolder, removeMigrationFolders } from "../support/migration-folders";
import { type PgTestServer, postgresMissing, query, startPgServer } from "../support/pg-server";

const MIGRATION = "20261204000000_visit_and_play_stats";
/** The first migration after the release before issue 38's: the newsletter's (issue 37) came in the same one. */
const PREVIOUS_RELEASE_END = "20261201000000";
const PENDING = fs
  .readdirSync("prisma/migrations")
  .filter((name) => name >= PREVIOUS_RELEASE_END && name <= MIGRATION)
  .sort();
const OWNER_TEXT = "The owner's own words about browsing data.";

type Item = { id: number; body?: Item[] } & Record<string, unknown>;
const read = (dir: string, kind: "cookie_policy" | "privacy_policy"): Item[] => {
  const file = JSON.parse(fs.readFileSync(path.join(dir, `${kind}.json`), "utf8")) as Record<string, Item[]>;
  return file[kind === "cookie_policy" ? "cookie_Policy" : "privacy_policy"]!;
};
const EARLIER = path.join("tests", "fixtures", "demo-content-before-stats");
const SHIPPED = path.join("content", "data");

/** As a previous release stored them: the earlier demo, with the owner's English text in the privacy section. */
const ownerEdited = (items: Item[]) =>
  items.map((item) => (item.id === 1 ? { ...item, body: item.body!.map((b) => (b.id === 3 ? { ...b, description_eng: OWNER_TEXT } : b)) } : item));
const storedBefore = { cookie_policy: read(EARLIER, "cookie_policy"), privacy_policy: ownerEdited(read(EARLIER, "privacy_policy")) };
/** What the upgrade must leave: the shipped texts, but the owner's English text kept. */
const expectedAfter = { cookie_policy: read(SHIPPED, "cookie_policy"), privacy_policy: ownerEdited(read(SHIPPED, "privacy_policy")) };

const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
  removeMigrationFolders();
});

it("the shipped texts say that no cookie is used for counting, in both languages", () => {
  const cookie = expectedAfter.cookie_policy.find((item) => item.id === 3)!;
  expect(cookie.description).toContain("senza cookie");
  expect(cookie.description_eng).toContain("without cookies");
  expect(expectedAfter.privacy_policy).not.toEqual(storedBefore.privacy_policy);
});

it("SQLite: an upgraded data folder gets the new texts where the earlier demo's were stored, and keeps the owner's", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-stats-policy-"));
  cleanup.push(dir);
  const databaseFile = path.join(dir, "site.db");
  await applyPendingMigrations({ databaseFile, migrationsDir: migrationsFolder("prisma/migrations", (name) => name < PREVIOUS_RELEASE_END) });
  const before = new Database(databaseFile);
  const insert = before.prepare(`INSERT INTO ContentItem (kind, position, data) VALUES (?, ?, ?)`);
  for (const [kind, items] of Object.entries(storedBefore)) {
    before.prepare(`INSERT INTO ContentList (kind) VALUES (?)`).run(kind);
    items.forEach((item, position) => insert.run(kind, position, JSON.stringify(item)));
  }
  before.close();

  expect(await applyPendingMigrations({ databaseFile, migrationsDir: migrationsFolder("prisma/migrations", (name) => name <= MIGRATION) })).toEqual(PENDING);
  const after = new Database(databaseFile, { readonly: true });
  for (const kind of ["cookie_policy", "privacy_policy"] as const) {
    const rows = after.prepare(`SELECT data FROM ContentItem WHERE kind = ? ORDER BY position`).all(kind) as { data: string }[];
    expect(rows.map((row) => JSON.parse(row.data) as unknown)).toEqual(expectedAfter[kind]);
  }
  after.close();
});

describe.skipIf(postgresMissing())("PostgreSQL", () => {
  let server: PgTestServer;
  beforeAll(async () => {
    server = await startPgServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an upgraded database gets the new texts where the earlier demo's were stored, and keeps the owner's", async () => {
    const databaseUrl = await server.newDatabase();
    const migrationsDir = "prisma/postgresql/migrations";
    await applyPendingMigrations({
      databaseFile: "/nonexistent",
      databaseUrl,
      migrationsDir: migrationsFolder(migrationsDir, (name) => name < PREVIOUS_RELEASE_END),
    });
    for (const [kind, items] of Object.entries(storedBefore)) {
      await query(databaseUrl, `INSERT INTO "ContentList" (kind) VALUES ($1)`, [kind]);
      for (const [position, item] of items.entries()) {
        await query(databaseUrl, `INSERT INTO "ContentItem" (kind, position, data) VALUES ($1, $2, $3)`, [kind, position, JSON.stringify(item)]);
      }
    }
    expect(
      await applyPendingMigrations({ databaseFile: "/nonexistent", databaseUrl, migrationsDir: migrationsFolder(migrationsDir, (name) => name <= MIGRATION) }),
    ).toEqual(PENDING);
    for (const kind of ["cookie_policy", "privacy_policy"] as const) {
      const rows = await query<{ data: string }>(databaseUrl, `SELECT data FROM "ContentItem" WHERE kind = $1 ORDER BY position`, [kind]);
      expect(rows.map((row) => JSON.parse(row.data) as unknown)).toEqual(expectedAfter[kind]);
    }
  });
});
