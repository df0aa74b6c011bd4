import path from "node:path";
import { defineConfig } from "vitest/config";
import DurationsReporter from "./tests/support/durations-reporter";

/**
 * The cluster tests (`npm run test:cluster`, issue 26): tests/cluster/*.test.ts against one loopback
 * rig of two instances behind nginx on PostgreSQL and Swift (scripts/cluster.sh), brought up once by
 * the global setup (tests/support/cluster-setup.ts; CLUSTER_DIR=DIR uses a rig already up there).
 * One worker, files one after another: they share the rig, and some kill and restart its instances.
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    reporters: ["default", new DurationsReporter("cluster")],
    name: "cluster",
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/cluster-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
});
