import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Browser and HTTP tests against the production build (the "e2e" project of vitest.config.ts; alone:
 * `npx vitest run --config vitest.e2e.config.ts`). The global setup builds when stale, makes the
 * template data folders once and starts one Chromium and one read-only demo server per worker
 * (tests/support/).
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
