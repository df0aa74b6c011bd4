import path from "node:path";
import { defineConfig } from "vitest/config";

/** Browser and HTTP tests against the production build, one server and data folder per file. */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
