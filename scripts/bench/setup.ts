// A throwaway data folder and database for benchmarks: nothing touches data/ or the test databases.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { dataDirEnv, dataPaths } from "../../core/config.mjs";
import { setAppEnv } from "./settings";

export type BenchEnvironment = { dir: string; cleanup: () => Promise<void> };

/** Points the app's env at a fresh temporary folder and applies every migration to its database. */
export async function createBenchEnvironment(): Promise<BenchEnvironment> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-bench-"));
  setAppEnv({ NODE_ENV: "production", ...dataDirEnv(dir), SESSION_SECRET: "bench-secret-bench-secret-bench", SEED_DEMO: "0" }, ["SMTP_URL"]);
  const databaseFile = dataPaths().databaseFile;
  const sqlite = new Database(databaseFile);
  const root = path.resolve("prisma/migrations");
  for (const name of fs
    .readdirSync(root)
    .filter((n) => fs.statSync(path.join(root, n)).isDirectory())
    .sort()) {
    sqlite.exec(fs.readFileSync(path.join(root, name, "migration.sql"), "utf8"));
  }
  sqlite.close();
  const { resetEnvForTests } = await import("~/server/platform/env.server");
  resetEnvForTests();
  return {
    dir,
    cleanup: async () => {
      const { disconnectDatabase } = await import("~/server/storage/db.server");
      await disconnectDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Median and 95th percentile of durations in milliseconds. */
export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  // No samples reads as 0 ms rather than NaN.
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { runs: sorted.length, median: at(0.5), p95: at(0.95), max: at(1) };
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;
