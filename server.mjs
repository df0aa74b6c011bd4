// Production server: static assets, the React Router request handler, graceful shutdown.
import "./core/node-version.mjs"; // first: an older Node stops here in one line
import path from "node:path";
import { readConfig } from "./core/config.mjs";
import { failureFields, scriptLogger } from "./core/log.mjs";
import { createApp, createHttpServer } from "./server-app.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (core/private-modes.mjs).
process.umask(0o077);

// Until the build is loaded, its logger is not there: a refused setting or a build that cannot be
// loaded is one JSON line from the scripts' logger (the same format), then exit 1.
let build;
const { buildDir } = (() => {
  try {
    return readConfig();
  } catch (error) {
    scriptLogger(null).fatal(failureFields(error), "start failed");
    process.exit(1);
  }
})();
try {
  build = await import(path.join(buildDir, "server/index.js"));
  await build.entry.module.boot();
} catch (error) {
  (build ? build.entry.module.log() : scriptLogger(null)).fatal(failureFields(error), "start failed");
  process.exit(1);
}

// The request pipeline and its HTTP server (server-app.mjs, shared with the in-process tests).
const server = createHttpServer(build, createApp(build));
const { port } = build.entry.module.serverSettings();
server.listen(port, () => {
  const { version, commit, node } = build.entry.module.releaseInfo(build.entry.module.getEnv());
  build.entry.module.log().info({ port, url: `http://localhost:${port}`, version, commit, node }, "listening");
  // scripts/start.mjs: this server started, so a later exit is a crash to recover from.
  process.send?.("listening");
});
// Cannot listen (the port taken, no permission): nothing to serve, and npm start does not retry.
const LISTEN_FAILURES = {
  EADDRINUSE: `port ${port} is already in use: stop what holds it, or set PORT to another port`,
  EACCES: `port ${port} needs privileges this user lacks: use a port above 1023 (PORT) and let the proxy or docker map 80/443`,
};
server.on("error", (error) => {
  const reason = LISTEN_FAILURES[error.code] ?? `cannot listen on port ${port}: ${error.message}`;
  build.entry.module.log().fatal({ port, code: error.code, reason }, "cannot listen");
  process.exit(1);
});

// SIGTERM (docker stop): stop accepting, let requests in flight finish (at most `graceMs`, then their
// connections are cut), then remove the .part files of cut-off uploads and close the database.
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
let stopping = false;
async function stop(exitCode, graceMs) {
  if (stopping) return;
  stopping = true;
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const cutOff = await Promise.race([closed.then(() => false), delay(graceMs).then(() => true)]);
  if (cutOff) server.closeAllConnections();
  try {
    await Promise.race([build.entry.module.shutdown(), delay(5_000)]);
  } finally {
    process.exit(cutOff ? exitCode || 1 : exitCode);
  }
}
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    build.entry.module.log().info({ signal }, "stopping");
    void stop(0, 15_000);
  });
}

// The last line of defence: whatever escaped every handler is logged with the id of the request it
// happened in, and the process is replaced (scripts/start.mjs starts it again): its state can no
// longer be trusted, and a dead server would stay dead.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (error) => {
    const reqId = build.entry.module.currentRequestId();
    build.entry.module.log().fatal({ err: error, ...(reqId ? { reqId } : {}), event }, "crashed: the server stops and npm start starts it again");
    void stop(1, 5_000);
  });
}
// scripts/start.mjs holds the DATA_DIR lock for this server: without it (killed), stop too.
process.on("disconnect", () => {
  build.entry.module.log().fatal("the npm start wrapper (scripts/start.mjs) is gone: the server stops");
  void stop(1, 15_000);
});
