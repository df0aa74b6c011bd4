// The demo cookie policy of earlier releases named three of the site's five cookies. The shipped file now names
// them all (content/data/cookie_policy.json), and migration 20261129000000_cookie_policy_names_every_cookie
// gives a data folder that imported the old demo the new text, on SQLite and on PostgreSQL, only where the
// stored field is still the old demo's. tests/fixtures/demo-content-before-cookie-names holds the old file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPendingMigrations } from "../../scripts/ops/migrations.mjs";
import { migrationsFolder, removeMigrationFolders } from "../support/migration-folders";
import { type PgTestServer, postgresMissing, query, startPgServer } from "../support/pg-server";

const MIGRATION = "20261129000000_cookie_policy_names_every_cookie";
const OWNER_TEXT = "This website uses the cookies listed by the owner.";

type PolicyItem = { id: number; description: string; description_eng: string } & Record<string, unknown>;
const policy = (file: string) => (JSON.parse(fs.readFileSync(file, "utf8")) as { cookie_Policy: PolicyItem[] }).cookie_Policy;
const oldDemo = policy(path.join("tests", "fixtures", "demo-content-before-cookie-names", "cookie_policy.json"));
const shipped = policy(path.join("content", "data", "cookie_policy.json"));

/** The old demo as a previous release stored it, with the owner's own English text in item 4 (item 2's is the demo's). */
const storedBefore = oldDemo.map((item) => (item.id === 4 ? { ...item, description_eng: OWNER_TEXT } : item));
/** What the upgrade must leave: the shipped text for item 2, everything else as stored. */
const expectedAfter = storedBefore.map((item) => (item.id === 2 ? shipped.find((s) => s.id === 2)! : item));

const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
  removeMigrationFolders();
});

it("names every cookie in the shipped policy, in both languages", () => {
  const text = shipped.find((item) => item.id === 2)!;
  for (const name of ["lng", "cookie_consent", "preview_media", "staff_session", "csrftoken"]) {
    expect(text.description).toContain(`«${name}»`);
    expect(text.description_eng).toContain(`«${name}»`);
  }
  // The names the policy gives are the ones the code sets.
  const code = ["app/server/http/preview.server.ts", "app/server/http/api/csrf.server.ts", "app/server/domain/session.server.ts"]
    .map((file) => fs.readFileSync(file, "utf8"))
    .join("\n");
  for (const name of ["preview_media", "csrftoken", "staff_session"]) expect(code).toContain(`"${name}"`);
});

it("SQLite: an upgraded data folder gets the new text where the old demo's was stored, and keeps the owner's", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-cookie-policy-"));
  cleanup.push(dir);
  const databaseFile = path.join(dir, "site.db");
  await applyPendingMigrations({ databaseFile, migrationsDir: migrationsFolder("prisma/migrations", (name) => name < MIGRATION) });
  const before = new Database(databaseFile);
  before.prepare(`INSERT INTO ContentList (kind) VALUES ('cookie_policy')`).run();
  const insert = before.prepare(`INSERT INTO ContentItem (kind, position, data) VALUES ('cookie_policy', ?, ?)`);
  storedBefore.forEach((item, position) => insert.run(position, JSON.stringify(item)));
  const versionBefore = (before.prepare(`SELECT version FROM ContentVersion WHERE id = 1`).get() as { version: number }).version;
  before.close();

  expect(await applyPendingMigrations({ databaseFile, migrationsDir: migrationsFolder("prisma/migrations", (name) => name <= MIGRATION) })).toEqual([
    MIGRATION,
  ]);
  const after = new Database(databaseFile, { readonly: true });
  const rows = after.prepare(`SELECT data FROM ContentItem WHERE kind = 'cookie_policy' ORDER BY position`).all() as { data: string }[];
  const versionAfter = (after.prepare(`SELECT version FROM ContentVersion WHERE id = 1`).get() as { version: number }).version;
  after.close();
  expect(rows.map((row) => JSON.parse(row.data) as unknown)).toEqual(expectedAfter);
  expect(versionAfter).toBe(versionBefore + 1);
});

const missing = postgresMissing();
describe.skipIf(missing)("PostgreSQL", () => {
  let server: PgTestServer;
  beforeAll(async () => {
    server = await startPgServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an upgraded database gets the new text where the old demo's was stored, and keeps the owner's", async () => {
    const databaseUrl = await server.newDatabase();
    const migrationsDir = "prisma/postgresql/migrations";
    await applyPendingMigrations({ databaseFile: "/nonexistent", databaseUrl, migrationsDir: migrationsFolder(migrationsDir, (name) => name < MIGRATION) });
    await query(databaseUrl, `INSERT INTO "ContentList" (kind) VALUES ('cookie_policy')`);
    for (const [position, item] of storedBefore.entries()) {
      await query(databaseUrl, `INSERT INTO "ContentItem" (kind, position, data) VALUES ('cookie_policy', $1, $2)`, [position, JSON.stringify(item)]);
    }

    expect(
      await applyPendingMigrations({ databaseFile: "/nonexistent", databaseUrl, migrationsDir: migrationsFolder(migrationsDir, (name) => name <= MIGRATION) }),
    ).toEqual([MIGRATION]);
    const rows = await query<{ data: string }>(databaseUrl, `SELECT data FROM "ContentItem" WHERE kind = 'cookie_policy' ORDER BY position`);
    expect(rows.map((row) => JSON.parse(row.data) as unknown)).toEqual(expectedAfter);
    expect(await query(databaseUrl, `SELECT version FROM "ContentVersion" WHERE id = 1`)).toEqual([{ version: 1 }]);
  });
});
