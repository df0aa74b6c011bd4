// The production build served from inside the test process: the same request pipeline as server.mjs
// (createApp and createHttpServer of server-app.mjs) on an ephemeral port, on a copy of a template data
// folder. No Node start, no `npm start` wrapper, no migration run: the templates are migrated
// (tests/support/global-setup.ts).
import fs from "node:fs";
import type { Server } from "node:http";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { readConfig } from "../../core/config.mjs";
import type { LoadedBuild } from "../../server-app.mjs";
import { dataDirFrom, expectJsonLines, freePort, serverEnv, type ServerInfo, type ServerOptions } from "./server";

export type InProcessServer = ServerInfo & {
  /** The JSON lines every in-process server of this file logged so far (they share the process's stdout). */
  output: () => string;
};

/**
 * Each server loads its own instance of the build: the configuration, database client, caches and
 * rate-limit counters are module state, read from process.env once per instance, so each server has
 * the data folder and settings it was started with. A query string on a module's URL makes Node load it
 * again; this resolve hook gives every module of the build (index.js imports its chunks) the query of
 * the build module that imports it, so an instance shares none of its state with another.
 */
const SAME_INSTANCE_HOOK = `
let buildUrl;
export function initialize(data) { buildUrl = data.buildUrl; }
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const parent = context.parentURL ?? "";
  if (resolved.url.startsWith(buildUrl) && !resolved.url.includes("?") && parent.startsWith(buildUrl) && parent.includes("?")) {
    return { ...resolved, url: resolved.url + new URL(parent).search };
  }
  return resolved;
}`;
let instances = 0;

function loadBuildInstance(buildDir: string): Promise<LoadedBuild> {
  const buildUrl = pathToFileURL(path.join(buildDir, "server")).href + "/";
  if (instances === 0) register(`data:text/javascript,${encodeURIComponent(SAME_INSTANCE_HOOK)}`, { data: { buildUrl } });
  return import(/* @vite-ignore */ `${buildUrl}index.js?in-process=${++instances}`) as Promise<LoadedBuild>;
}

/**
 * The build logs through pino, which writes to process.stdout when its write() was replaced, else to
 * file descriptor 1 directly: while a file's servers run, stdout's write() keeps their lines (and
 * passes nothing on), so the file can read them and the terminal stays quiet.
 */
let captured = "";
let capturing = 0;
const realWrite = process.stdout.write.bind(process.stdout);

function captureStdout() {
  if (capturing++ === 0) {
    captured = "";
    process.stdout.write = ((chunk: string | Uint8Array) => {
      captured += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      return true;
    }) as typeof process.stdout.write;
  }
}

function releaseStdout() {
  if (--capturing === 0) process.stdout.write = realWrite;
}

async function listen(server: Server, port: number) {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve()); // all interfaces, as server.mjs
  });
}

/**
 * One in-process server for the whole file, like `serverPerFile()` (the same options and environment),
 * for a file that needs HTTP and nothing of a server process (restarts, signals, its pid, crashes, its
 * memory, its stdout and stderr). Stopped after the file's last test:
 * the HTTP server closes, the build shuts down (the database closes), the data folder is deleted.
 */
export function appPerFile(opts: ServerOptions = {}): InProcessServer {
  const handle = {} as InProcessServer;
  let server: Server | undefined;
  let build: LoadedBuild | undefined;
  beforeAll(async () => {
    const savedEnv = { ...process.env };
    const template = opts.template ?? (opts.env?.SEED_DEMO === "0" ? "empty" : "demo");
    // Migrations are scripts/start.mjs's work, which an in-process server skips: an empty folder needs serverPerFile.
    if (template === "none" && !opts.dataDir) throw new Error('appPerFile needs a migrated template ("demo" or "empty"): take serverPerFile for "none"');
    const dataDir = opts.dataDir ?? dataDirFrom(template);
    const port = await freePort();
    // The build reads its configuration from process.env when it boots: this server's environment,
    // exactly as spawnServer gives it, then the test process's own back.
    const env = serverEnv(dataDir, port, opts.env);
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
    Object.assign(process.env, env);
    captureStdout();
    try {
      // Loaded here, not at the top of the file: React picks its production or development build by
      // NODE_ENV when it is first loaded, and it must be the production one, as in the build.
      const { createApp, createHttpServer } = await import("../../server-app.mjs");
      build = await loadBuildInstance(readConfig(process.env).buildDir);
      await build.entry.module.boot();
      server = createHttpServer(build, createApp(build));
      await listen(server, port);
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
      Object.assign(process.env, savedEnv);
    }
    Object.assign(handle, { url: `http://127.0.0.1:${port}`, port, dataDir, output: () => captured });
  });
  afterAll(async () => {
    if (server) {
      const closed = new Promise((resolve) => server!.close(resolve));
      server.closeAllConnections();
      await closed;
    }
    await build?.entry.module.shutdown();
    const output = captured;
    releaseStdout();
    if (!opts.dataDir && handle.dataDir) fs.rmSync(handle.dataDir, { recursive: true, force: true });
    // docs/operations.md, "Logs": every line the server writes on stdout is one JSON object.
    expectJsonLines(output, `in-process server on ${handle.url}`);
  });
  return handle;
}
