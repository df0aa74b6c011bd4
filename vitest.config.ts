import path from "node:path";
import { defineConfig } from "vitest/config";
import DurationsReporter from "./tests/support/durations-reporter";

/**
 * Every test but the cluster's in one run (`npm test`): the unit, integration and domain files in process,
 * the e2e project (vitest.e2e.config.ts) and the domain files again on PostgreSQL (vitest.pg.config.ts).
 * One run shares the two workers of this machine among them, so the in-process files fill the gaps the
 * browser files leave; `--project unit`, `--project e2e` or `--project pg` runs one of them.
 */
export default defineConfig({
  test: {
    reporters: ["default", new DurationsReporter("main")],
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/domain/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/isolated-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
        },
      },
      "./vitest.e2e.config.ts",
      "./vitest.pg.config.ts",
    ],
  },
});
