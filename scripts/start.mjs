// `npm start`: own DATA_DIR, rebuild when stale, migrate safely (backup first), then serve.
// This process stays as the server's parent and supervises it: it holds the DATA_DIR lock (so a
// restore cannot run under a live server), forwards SIGTERM/SIGINT, starts the server again when it
// crashes (with backoff), and exits with the server's status once the server is stopped on purpose.
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import { spawn } from "node:child_process";
import os from "node:os";
import { readConfig, serverProcessEnv } from "../core/config.mjs";
import { acquireDataDirLock } from "./ops/lock.mjs";
import { failureFields, scriptLogger } from "../core/log.mjs";
import { migrateDatabase, prepareDataDir } from "./ops/prepare.mjs";
import { ensureFreshBuild } from "./ops/build.mjs";
import { nativeModuleProblem, RuntimeMismatchError } from "../core/runtime.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (core/private-modes.mjs).
process.umask(0o077);

// Every line on stdout is one JSON object of the one logger (core/log.mjs), the server's and
// this wrapper's alike; a refusal to start is one `fatal` line with the reason, never a stack trace.
let log = scriptLogger(null);
let lock;
try {
  // Every setting is checked before anything is touched (core/config.mjs).
  // Read as the server will read it (production unless NODE_ENV says otherwise), so this wrapper's
  // lines have the server's form: JSON, or readable lines in development.
  const config = readConfig(serverProcessEnv());
  log = scriptLogger(config);
  // Before anything opens the database: a binary built for another Node says so in one line.
  const nativeProblem = nativeModuleProblem();
  if (nativeProblem) throw new RuntimeMismatchError(nativeProblem);
  prepareDataDir(config, log);
  // The DATA_DIR lock keeps a restore away from a live SQLite database. On PostgreSQL several instances
  // share the database and each has its own DATA_DIR (temporary files): no lock (docs/scaling.md).
  lock = config.database === "sqlite" ? acquireDataDirLock(config.dataDir, "server") : null;
  // Tests build once before starting many servers, so they turn the check off (BUILD_CHECK=0).
  if (config.checkBuild) ensureFreshBuild(config.buildDir, log);
  // No signal handler yet: SIGTERM during a migration ends the process at once, and SQLite rolls the
  // open transaction back, so the database stays as it was before that migration.
  await migrateDatabase(config, log);
} catch (error) {
  log.fatal(failureFields(error), "start failed");
  process.exit(1);
}

/** Restart delays after a crash: 1 s, doubling up to 30 s; back to 1 s once a server ran a minute. */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

let server;
let stopSignal = null;
let delayMs = FIRST_DELAY_MS;
let restartTimer;
let everListened = false;

function exitCodeOf(code, signal) {
  // A server killed by a signal is a failure: report it the way a shell does (128 + signal number).
  return code ?? 128 + (os.constants.signals[signal] ?? 0);
}

function startServer() {
  const startedAt = Date.now();
  server = spawn(process.execPath, ["server.mjs"], { stdio: ["inherit", "inherit", "inherit", "ipc"], env: serverProcessEnv() });
  server.on("message", (message) => {
    if (message === "listening") everListened = true;
  });
  server.on("exit", (code, signal) => {
    const status = exitCodeOf(code, signal);
    // Stopped on purpose (our signal, or its own clean exit), or it never got as far as listening
    // on the first start (a taken port, a bad setting): nothing to recover, report and stop.
    if (stopSignal || code === 0 || !everListened) {
      // Whatever the cause, the log says the server is gone and why the wrapper stops too: in a
      // container this is the last line before it exits (a crash at boot printed only a stack trace).
      lock?.release();
      const exitCode = stopSignal && code === 0 ? 0 : status;
      if (exitCode === 0) log.info({ pid: server.pid, signal: stopSignal }, "server stopped");
      else
        log.fatal(
          { pid: server.pid, exitCode: code, signal, status, stopSignal },
          // Never listened: not restarted, the lines above say why (a taken port, a bad setting, a broken build).
          everListened || stopSignal ? "server stopped with an error" : "server failed to start",
        );
      process.exit(exitCode);
    }
    if (Date.now() - startedAt >= STABLE_AFTER_MS) delayMs = FIRST_DELAY_MS;
    log.error({ pid: server.pid, exitCode: code, signal, restartInMs: delayMs }, "server died: restarting");
    restartTimer = setTimeout(startServer, delayMs);
    delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
  });
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopSignal = signal;
    if (restartTimer && server.exitCode !== null) {
      // Between a crash and its restart: nothing runs, stop now.
      clearTimeout(restartTimer);
      lock?.release();
      process.exit(0);
    }
    server.kill(signal);
  });
}
startServer();
