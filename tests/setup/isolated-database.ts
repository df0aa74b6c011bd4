// Each test file gets its own database and uploads folder, migrated as `npm start` migrates: a SQLite
// file from prisma/migrations, or, in the PostgreSQL pass (PG_TEST=1, vitest.pg.config.ts), a
// PostgreSQL server of its own (tests/support/pg-server.ts) migrated from prisma/postgresql/migrations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { resetEnvForTests } from "~/server/platform/env.server";
import { dataDirEnv, dataPaths } from "../../core/config.mjs";
import { applyPendingMigrations } from "../../scripts/ops/migrations.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-test-"));
Object.assign(process.env, { NODE_ENV: "test", ...dataDirEnv(dir), SESSION_SECRET: "test-secret-test-secret-test-secret", SEED_DEMO: "0" });
const postgres = process.env.PG_TEST === "1" ? await (await import("../support/pg-server")).startPgServer() : null;
if (postgres) process.env.DATABASE_URL = await postgres.newDatabase();
const { databaseFile, databaseUrl, migrationsDir } = dataPaths();
resetEnvForTests();

// The same migration step as `npm start` (scripts/ops/migrations.mjs), so tests see the server's schema.
await applyPendingMigrations({ databaseFile, databaseUrl, migrationsDir });
// And the same import of the content files as the server's boot (app/boot.server.ts).
const { importContentFiles } = await import("~/server/domain/content.server");
await importContentFiles();

afterAll(async () => {
  const { stopContentVersionPoll } = await import("~/server/storage/content-version.server");
  stopContentVersionPoll();
  const { disconnectDatabase } = await import("~/server/storage/db.server");
  await disconnectDatabase();
  await postgres?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});
