// Production server: static assets, the React Router request handler, graceful shutdown.
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler } from "@react-router/express";
import { readConfig } from "./scripts/ops/config.mjs";
import { failureFields, scriptLogger } from "./scripts/ops/log.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (scripts/ops/private-modes.mjs).
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

const app = express();
app.disable("x-powered-by");
// The request edge (app/server/http/): ids, headers, the access log, methods, origin, body limits.
const edge = build.entry.module.createEdge(build);
app.set("trust proxy", edge.trustProxy);
app.use(edge.begin);
app.use(edge.guard);
// Passes answers that already carry a Content-Encoding (the two below). What it compresses is mostly a
// rendered page (cache hits and built files come compressed): brotli quality 3 costs half the CPU of
// compression's default 4 for about 4 % more bytes (docs/performance.md, fourth session).
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } }));
// Vite fingerprints everything under /assets, so it can be cached for a year. The build wrote a
// brotli 11 and a gzip 9 twin of each script and stylesheet (vite.config.ts): sent as they are.
app.use(
  "/assets",
  expressStaticGzip(path.join(buildDir, "client/assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", setHeaders: edge.forBuiltFile },
  }),
);
// The few files at the root (favicon): only paths that name a file are looked up on disk, so
// pages and their client-navigation .data requests skip a stat() per request.
const rootFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
const namesAFile = (urlPath) => !["", ".data"].includes(path.extname(urlPath));
app.use((req, res, next) => (namesAFile(req.path) ? rootFiles(req, res, next) : next()));
// A file path that no file and no route has (/wp-login.php, /assets/gone.js): a short cacheable 404, no render.
app.use(edge.fileNotFound);
// Liveness, readiness and the Prometheus metrics (app/server/platform/): before the page cache and React Router.
app.get("/healthz", build.entry.module.healthz);
app.get("/readyz", build.entry.module.readyz);
app.get("/metrics", build.entry.module.metrics);
app.use(build.entry.module.pageCache); // anonymous pages from memory (app/server/http/page-cache.server.ts)
app.all("*", createRequestHandler({ build, getLoadContext: edge.getLoadContext }));
app.use(edge.lastResort);

// A client may not hold the server: headers must arrive within 20 s and the whole request (the
// largest upload included) within REQUEST_TIMEOUT_S, checked every 2 s (Node's default is every 30 s);
// past MAX_CONNECTIONS open sockets, new ones are closed at once (docs/operations.md, "Limits").
const { port, requestTimeoutMs, maxConnections } = build.entry.module.serverSettings();
const headersTimeout = Math.min(20_000, requestTimeoutMs); // Node requires headersTimeout <= requestTimeout
const server = http.createServer({ headersTimeout, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 2_000 }, app);
server.maxConnections = maxConnections;
server.listen(port, () => {
  const { version, commit, node } = build.entry.module.releaseInfo(build.entry.module.getEnv());
  build.entry.module.log().info({ port, url: `http://localhost:${port}`, version, commit, node }, "listening");
  // scripts/start.mjs: this server started, so a later exit is a crash to recover from.
  process.send?.("listening");
});
server.on("connect", edge.refuseTunnel);
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
// What Node would refuse itself (bad start line, headers too large, HTTP/1.1 without Host) is answered
// by the edge instead, with a request id and a log line (app/server/http/express.server.ts).
server.requireHostHeader = false;
server.on("clientError", edge.refuseUnparsed);

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
