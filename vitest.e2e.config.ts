import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Browser and HTTP tests against the production build. The global setup builds when stale and makes
 * the template data folders once; each file starts its own server on a copy (tests/support/).
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
