// Each test file gets its own SQLite database and uploads folder, migrated from prisma/migrations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { resetEnvForTests } from "~/server/platform/env.server";
import { dataDirEnv, dataPaths } from "../../scripts/ops/config.mjs";
import { applyPendingMigrations } from "../../scripts/ops/migrations.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-test-"));
Object.assign(process.env, { NODE_ENV: "test", ...dataDirEnv(dir), SESSION_SECRET: "test-secret-test-secret-test-secret", SEED_DEMO: "0" });
const databaseFile = dataPaths().databaseFile;
resetEnvForTests();

// The same migration step as `npm start` (scripts/ops/migrations.mjs), so tests see the server's schema.
await applyPendingMigrations({ databaseFile, migrationsDir: path.resolve("prisma/migrations") });
// And the same import of the content files as the server's boot (app/server/boot.server.ts).
const { importContentFiles } = await import("~/server/domain/content.server");
await importContentFiles();

afterAll(async () => {
  const { disconnectDatabase } = await import("~/server/storage/db.server");
  await disconnectDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
