// `npm start`: own DATA_DIR, rebuild when stale, migrate safely (backup first), then serve.
// This process stays as the server's parent: it holds the DATA_DIR lock (so a restore cannot run
// under a live server), forwards SIGTERM/SIGINT, and exits with the server's status.
import { spawn } from "node:child_process";
import os from "node:os";
import { dataPaths } from "./ops/config.mjs";
import { acquireDataDirLock } from "./ops/lock.mjs";
import { migrateDatabase, prepareDataDir } from "./ops/prepare.mjs";
import { ensureFreshBuild } from "./ops/build.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (scripts/ops/private-modes.mjs).
process.umask(0o077);

const paths = dataPaths();
let lock;
try {
  prepareDataDir(paths);
  lock = acquireDataDirLock(paths.dataDir, "server");
  // Tests build once before starting many servers, so they turn the check off (BUILD_CHECK=0).
  if (process.env.BUILD_CHECK !== "0") ensureFreshBuild(process.env.BUILD_DIR || "build");
  // No signal handler yet: SIGTERM during a migration ends the process at once, and SQLite rolls the
  // open transaction back, so the database stays as it was before that migration.
  await migrateDatabase(paths);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const server = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  lock.release();
  // A server killed by a signal is a failure: report it the way a shell does (128 + signal number).
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
