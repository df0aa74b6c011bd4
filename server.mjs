// Production server: static assets, the React Router request handler, graceful shutdown.
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler } from "@react-router/express";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const build = await import(path.join(buildDir, "server/index.js"));
await build.entry.module.boot();

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
// page cache mounts here
app.use(build.entry.module.pageCache); // anonymous pages from memory (app/server/http/page-cache.server.ts)
app.all("*", createRequestHandler({ build, getLoadContext: edge.getLoadContext }));
app.use(edge.lastResort);

const port = Number(process.env.PORT || 3000);
const server = app.listen(port, () => {
  build.entry.module.log().info({ port }, `Sito in ascolto su http://localhost:${port}`);
});
server.on("connect", edge.refuseTunnel);
// What Node would refuse itself (bad start line, headers too large, HTTP/1.1 without Host) is answered
// by the edge instead, with a request id and a log line (app/server/http/express.server.ts).
server.requireHostHeader = false;
server.on("clientError", edge.refuseUnparsed);

// SIGTERM (docker stop): stop accepting, let requests in flight finish, then close the database.
let shuttingDown = false;
function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  build.entry.module.log().info({ signal }, `${signal}: chiusura in corso...`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  server.close(async () => {
    try {
      await build.entry.module.shutdown?.();
    } finally {
      process.exit(0);
    }
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
