// The production server's request pipeline, assembled from a loaded build: express, the edge, the page
// cache and React Router's request handler (createApp), and the HTTP server that carries it
// (createHttpServer). server.mjs listens with them and owns the process (umask, signals, crashes); the
// in-process tests (tests/support/in-process.ts) use the same two functions on an ephemeral port.
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler } from "@react-router/express";

/**
 * The express app of a booted build (`build.entry.module.boot()` has run). Its configuration is the
 * build's (`getEnv()`, read once per loaded build).
 * @param {import("react-router").ServerBuild & { entry: { module: any } }} build
 */
export function createApp(build) {
  const { buildDir } = build.entry.module.getEnv();
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
      // Immutable: a browser never asks again, so no validators (ETag, Last-Modified) and no ranges.
      serveStatic: { immutable: true, maxAge: "1y", etag: false, lastModified: false, acceptRanges: false, setHeaders: edge.forBuiltFile },
    }),
  );
  // The few files at the root (favicon): only paths that name a file are looked up on disk, so
  // pages and their client-navigation .data requests skip a stat() per request.
  const rootFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  const namesAFile = (urlPath) => !["", ".data"].includes(path.extname(urlPath));
  app.use((req, res, next) => (namesAFile(req.path) ? rootFiles(req, res, next) : next()));
  // A file path that no file and no route has (/wp-login.php, /assets/gone.js): a short cacheable 404, no render.
  app.use(edge.fileNotFound);
  // Liveness, readiness and the Prometheus metrics (app/server/http/health, metrics): before the page cache and React Router.
  app.get("/healthz", build.entry.module.healthz);
  app.get("/readyz", build.entry.module.readyz);
  app.get("/metrics", build.entry.module.metrics);
  app.use(build.entry.module.pageCache); // anonymous pages from memory (app/server/http/page-cache.server.ts)
  app.all("*", createRequestHandler({ build, getLoadContext: edge.getLoadContext }));
  app.use(edge.lastResort);
  return { app, edge };
}

/**
 * The HTTP server of createApp's app, not yet listening: its limits and the edge's answers to what
 * Node refuses before express sees a request.
 * @param {import("react-router").ServerBuild & { entry: { module: any } }} build
 * @param {ReturnType<typeof createApp>} assembled
 */
export function createHttpServer(build, { app, edge }) {
  // A client may not hold the server: headers must arrive within 20 s and the whole request (the
  // largest upload included) within REQUEST_TIMEOUT_S, checked every 2 s (Node's default is every 30 s);
  // past MAX_CONNECTIONS open sockets, new ones are closed at once (docs/operations.md, "Limits").
  const { requestTimeoutMs, maxConnections } = build.entry.module.serverSettings();
  const headersTimeout = Math.min(20_000, requestTimeoutMs); // Node requires headersTimeout <= requestTimeout
  const server = http.createServer({ headersTimeout, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 2_000 }, app);
  server.maxConnections = maxConnections;
  server.on("connect", edge.refuseTunnel);
  // What Node would refuse itself (bad start line, headers too large, HTTP/1.1 without Host) is answered
  // by the edge instead, with a request id and a log line (app/server/http/express.server.ts).
  server.requireHostHeader = false;
  server.on("clientError", edge.refuseUnparsed);
  return server;
}
