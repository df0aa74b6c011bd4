import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The PostgreSQL pass (the second half of `npm test`; alone: `npm run test:pg`): the domain's integration
 * files again, each on a PostgreSQL server and database of its own (tests/setup/isolated-database.ts
 * with PG_TEST=1; scripts/pg-test-server.sh) instead of a SQLite file. A file listed here passes on
 * both databases; one that reads SQLite itself (a migration of an older SQLite file) skips those tests
 * when PG_TEST is set. Without Debian's postgresql (and outside CI) the pass says so and runs nothing.
 */
const postgresInstalled = fs.existsSync("/usr/lib/postgresql") && fs.readdirSync("/usr/lib/postgresql").length > 0;
const required = Boolean(process.env.CI) || process.env.PG_TEST_REQUIRED === "1";
if (!postgresInstalled) {
  const message = "the PostgreSQL tests need Debian's postgresql (.ci/run installs it)";
  if (required) throw new Error(message);
  console.warn(`skipped: ${message}`);
}

export const PG_FILES = [
  "tests/integration/admin-domain.test.ts",
  "tests/integration/admin-search.test.ts",
  "tests/integration/category-names.test.ts",
  "tests/integration/content-database.test.ts",
  "tests/integration/login-throttling.test.ts",
  "tests/integration/news-writes.test.ts",
  "tests/integration/music-link.test.ts",
  "tests/integration/read-cache.test.ts",
  "tests/integration/revisions-trash.test.ts",
  "tests/integration/search.test.ts",
  "tests/integration/stored-files.test.ts",
  "tests/integration/stored-files-race.test.ts",
  "tests/integration/stored-files-slow-store.test.ts",
  "tests/integration/pg-migrations.test.ts",
  "tests/integration/background-leader.test.ts",
  "tests/integration/content-notify.test.ts",
  "tests/integration/pg-backup.test.ts",
  "tests/integration/pg-backup-s3.test.ts",
  "tests/integration/pg-doctor.test.ts",
  "tests/integration/jobs.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    name: "pg",
    include: postgresInstalled ? PG_FILES : [],
    passWithNoTests: !postgresInstalled,
    env: { PG_TEST: "1" },
    environment: "node",
    setupFiles: ["tests/setup/isolated-database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
