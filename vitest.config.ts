import path from "node:path";
import { defineConfig } from "vitest/config";
import DurationsReporter from "./tests/support/durations-reporter";

/**
 * Every test in one run (`npm test`): the unit and integration files in process, and the e2e project
 * (vitest.e2e.config.ts). One run shares the two workers of this machine between both, so the unit
 * files fill the gaps the browser files leave; `--project unit` or `--project e2e` runs one of them.
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
    ],
  },
});
