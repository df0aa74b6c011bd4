import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The PostgreSQL project of `npm test`'s main run (vitest.config.ts; alone: `npm run test:pg`): the domain's
 * files (tests/domain/) again, each on a PostgreSQL server and database of its own (tests/setup/isolated-database.ts
 * with PG_TEST=1; scripts/pg-test-server.sh) instead of a SQLite file. A file in tests/domain/ passes on
 * both databases; a test that reads SQLite itself (a migration of an older SQLite file) skips when PG_TEST
 * is set, one of PostgreSQL alone skips without it. Without Debian's postgresql (and outside CI) the pass says so and runs nothing.
 */
const postgresInstalled = fs.existsSync("/usr/lib/postgresql") && fs.readdirSync("/usr/lib/postgresql").length > 0;
const required = Boolean(process.env.CI) || process.env.PG_TEST_REQUIRED === "1";
if (!postgresInstalled) {
  const message = "the PostgreSQL tests need Debian's postgresql (.ci/run installs it)";
  if (required) throw new Error(message);
  console.warn(`skipped: ${message}`);
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    name: "pg",
    include: postgresInstalled ? ["tests/domain/**/*.test.ts"] : [],
    passWithNoTests: !postgresInstalled,
    env: { PG_TEST: "1" },
    environment: "node",
    setupFiles: ["tests/setup/isolated-database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
