// Production server: static assets, the React Router request handler, graceful shutdown.
import path from "node:path";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const build = await import(path.join(buildDir, "server/index.js"));
await build.entry.module.boot();

const app = express();
app.disable("x-powered-by");
// Behind a reverse proxy set TRUST_PROXY (e.g. 1 = one hop) so req.ip is the visitor, not the proxy.
const trustProxy = process.env.TRUST_PROXY;
app.set("trust proxy", trustProxy ? (/^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy === "true") : false);
// React Router only sees the Request, so the address (for rate limits) travels in a header
// that is always overwritten here and cannot be forged by a client.
app.use((req, _res, next) => {
  req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  next();
});

// Form posts from another site are refused here with a clear Italian answer (React Router would
// refuse them too, with a bare "Bad Request"). The JSON endpoints (api/ and the admin's async
// upload) check origins themselves and answer JSON errors.
const checksOwnOrigin = (path) => path.startsWith("/api/") || path === "/admin/upload";
const publicHost = process.env.PUBLIC_ORIGIN ? new URL(process.env.PUBLIC_ORIGIN).host : null;
app.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method) || checksOwnOrigin(req.path)) return next();
  const origin = req.get("origin");
  if (!origin || origin === "null") return next();
  let host;
  try {
    host = new URL(origin).host;
  } catch {
    host = "";
  }
  if (host === req.get("host") || host === publicHost) return next();
  res.status(403).type("text/plain; charset=utf-8").send("Richiesta rifiutata: proviene da un altro sito.");
});
app.use(compression());
// Vite fingerprints everything under /assets, so it can be cached for a year.
app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
app.use(build.entry.module.pageCache); // anonymous pages from memory (app/server/http/page-cache.server.ts)
app.all("*", createRequestHandler({ build }));

const port = Number(process.env.PORT || 3000);
const server = app.listen(port, () => {
  console.log(`Sito in ascolto su http://localhost:${port}`);
});

// SIGTERM (docker stop): stop accepting, let requests in flight finish, then close the database.
let shuttingDown = false;
function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal}: chiusura in corso...`);
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
