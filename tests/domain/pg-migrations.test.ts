// Our migrator on PostgreSQL (scripts/ops/migrations.mjs): prisma/postgresql/migrations applied with
// `pg`, each in a transaction, under an advisory lock, recorded in `_prisma_migrations` as Prisma does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPendingMigrations, MigrationError } from "../../scripts/ops/migrations.mjs";
import { type PgTestServer, postgresMissing, query, startPgServer } from "../support/pg-server";

const migrationsDir = path.resolve("prisma/postgresql/migrations");
const missing = postgresMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing)("the PostgreSQL migrations", () => {
  let server: PgTestServer;
  beforeAll(async () => {
    server = await startPgServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("two migrators started at the same moment on an empty database: each migration applied once, both succeed", async () => {
    const databaseUrl = await server.newDatabase();
    const migrate = () => applyPendingMigrations({ databaseFile: "/nonexistent", databaseUrl, migrationsDir });
    const results = await Promise.all([migrate(), migrate()]);

    const all = (await query<{ name: string }>(databaseUrl, "SELECT migration_name AS name FROM _prisma_migrations ORDER BY migration_name")).map(
      (r) => r.name,
    );
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(all.length);
    // One applied them all, the other waited for the lock and found nothing to do.
    expect(results.map((applied) => applied.length).sort()).toEqual([0, all.length]);
    const [finished] = await query<{ n: number }>(
      databaseUrl,
      "SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL AND applied_steps_count = 1",
    );
    expect(finished?.n).toBe(all.length);
    // The schema is there: the case-insensitive unique category name included.
    await query(databaseUrl, `INSERT INTO "Category" (name, "nameEng", type) VALUES ('Colonne sonore', 'Soundtracks', 'music')`);
    await expect(query(databaseUrl, `INSERT INTO "Category" (name, "nameEng", type) VALUES ('COLONNE SONORE', 'x', 'music')`)).rejects.toThrow(
      /Category_type_name_key/,
    );
    // And a third start has nothing to do.
    expect(await migrate()).toEqual([]);
  });

  it("a migration that fails leaves the database as it was, and says which", async () => {
    const databaseUrl = await server.newDatabase();
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), "pg-broken-"));
    fs.mkdirSync(path.join(broken, "20990101000000_broken"), { recursive: true });
    fs.writeFileSync(path.join(broken, "20990101000000_broken", "migration.sql"), 'CREATE TABLE "Half" (id int);\nSELECT * FROM "Missing";\n');
    try {
      const error = await applyPendingMigrations({ databaseFile: "/nonexistent", databaseUrl, migrationsDir: broken }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).migrationName).toBe("20990101000000_broken");
      expect(await query(databaseUrl, `SELECT 1 FROM information_schema.tables WHERE table_name = 'Half'`)).toEqual([]);
      expect(await query(databaseUrl, "SELECT * FROM _prisma_migrations")).toEqual([]);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});
