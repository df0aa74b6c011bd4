// The production server of the e2e tests: `scripts/start.mjs` on a free port with its own data folder,
// copied from a template the global setup migrated and seeded once (tests/support/global-setup.ts).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { freePort as pickPort } from "../../scripts/free-port.mjs";
import { dataDirEnv } from "../../core/config.mjs";

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** What the server wrote on stdout alone (JSON lines of the logger). */
  stdout: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** "demo": migrated, seeded with the demo content; "empty": migrated, staff user only; "none": a new folder. */
type Template = "demo" | "empty" | "none";

export const ADMIN = { username: "admin", password: "admin-password-123" };

/**
 * The timeout of a test that starts servers itself (restarts, drills): the same as the hooks that start
 * one, since each boot takes tens of seconds on a loaded machine. Speed is measured in benchmarks, not here.
 */
export const SERVER_TEST = { timeout: 180_000 };

/**
 * A port for a server this worker starts: from the worker's own block below the kernel's ephemeral range
 * (scripts/free-port.mjs says why); the global setup, outside any worker, uses block 0. With `count`,
 * the first of that many consecutive free ports.
 */
export const freePort = (count = 1) => pickPort(Number(process.env.VITEST_POOL_ID ?? 0), count);

/**
 * The environment of a test server: its own port and data folder, production mode. A variable that
 * `extra` gives as `undefined` is unset (a server without PUBLIC_ORIGIN or TRUST_PROXY).
 */
export function serverEnv(dataDir: string, port: number, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    ...dataDirEnv(dataDir),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    // Tests set X-Forwarded-For to give each scenario its own rate-limit counters.
    TRUST_PROXY: "true",
    // The global setup builds once before any server starts.
    BUILD_CHECK: "0",
    ...extra,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/** A new data folder holding a copy of the template folder `source` (the lock of the server that made it stays behind). */
export function copyTemplate(source: string | null): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-e2e-"));
  if (source) fs.cpSync(source, dataDir, { recursive: true, filter: (file) => !/[/\\](\.server\.lock|server\.pid)$/.test(file) });
  return dataDir;
}

/** A new data folder for a test server: a copy of `template` ("none": empty, so the server migrates and seeds it). */
export const dataDirFrom = (template: Template) => copyTemplate(template === "none" ? null : inject("templates")[template]);

/** Starts `scripts/start.mjs` (lock, migrations, server.mjs) with `env` on `dataDir` and waits for /healthz. */
export async function spawnServer(dataDir: string, extraEnv: Record<string, string | undefined> = {}): Promise<TestServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env: serverEnv(dataDir, port, extraEnv), stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  let stdout = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a loaded two-core machine has taken over a minute to seed the demo content.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${log}`);
    // Ready when this server says it listens on its port (another process may hold the port, and its
    // /healthz would answer for a server still booting) and its database answers.
    if (log.includes(`http://localhost:${port}`)) {
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  let stopping = false;
  child.once("exit", (code, signal) => {
    // A server that dies under a test makes every later request fail with ECONNREFUSED: say why.
    if (!stopping) console.error(`test server on ${url} ended by itself (${code ?? signal}):\n${log}`);
  });
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    stdout: () => stdout,
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

export type ServerOptions = {
  /** Added to serverEnv's variables; `undefined` unsets one. */
  env?: Record<string, string | undefined>;
  /** An existing data folder (a restart); no template is copied. */
  dataDir?: string;
  /** Defaults to "empty" when env.SEED_DEMO is "0", else "demo". */
  template?: Template;
};

/**
 * Starts the production build exactly as `npm start` does on a copy of a template data folder.
 * `process` is the start wrapper; signals reach the server.
 */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  const template = opts.template ?? (opts.env?.SEED_DEMO === "0" ? "empty" : "demo");
  return spawnServer(opts.dataDir ?? dataDirFrom(template), opts.env);
}

/**
 * One server for the whole file: started before its first test, stopped after its last. The handle
 * is filled in by beforeAll, so read its fields inside tests and hooks, not at the top of the file.
 */
export function serverPerFile(opts: ServerOptions = {}): TestServer {
  const handle = {} as TestServer;
  beforeAll(async () => {
    Object.assign(handle, await startServer(opts));
  });
  afterAll(async () => {
    await handle.stop?.();
    // the copy of a template is this file's alone; a given data folder belongs to the test
    if (!opts.dataDir && handle.dataDir) fs.rmSync(handle.dataDir, { recursive: true, force: true });
    // docs/operations.md, "Logs": every line the server writes on stdout is one JSON object.
    if (handle.stdout) expectJsonLines(handle.stdout(), `server on ${handle.url}`);
  });
  return handle;
}

/** The lines of `stdout` that are not one JSON object each (blank lines aside). */
export function nonJsonLines(stdout: string): string[] {
  return stdout.split("\n").filter((line) => {
    if (line.trim() === "") return false;
    try {
      const value: unknown = JSON.parse(line);
      return typeof value !== "object" || value === null || Array.isArray(value);
    } catch {
      return true;
    }
  });
}

/** Fails with the offending lines when a server's stdout holds anything but JSON lines. */
export function expectJsonLines(stdout: string, who: string) {
  const bad = nonJsonLines(stdout);
  if (bad.length) throw new Error(`${who} wrote ${bad.length} line(s) on stdout that are not JSON objects, e.g.:\n${bad.slice(0, 5).join("\n")}`);
}

/**
 * What a helper needs of a test server: its URL, port and data folder. All a file gets of the shared
 * demo server (no process handle: nobody may stop it or read its log).
 */
export type ServerInfo = Pick<TestServer, "url" | "port" | "dataDir">;

/**
 * The demo server the global setup started, shared by every file of every worker that only reads:
 * such a file must not write to its database or uploads, change its settings, stop it or read its
 * log (a file that does takes `serverPerFile()`). Files of both workers use it at the same time.
 * Filled in by beforeAll, like serverPerFile.
 */
export function sharedDemoServer(): ServerInfo {
  const handle = {} as ServerInfo;
  beforeAll(() => {
    Object.assign(handle, inject("demoServer"));
  });
  return handle;
}

/** The Chromium the global setup launched for the worker slot running this file (VITEST_POOL_ID, 1 to maxWorkers). */
export function thisWorker() {
  const slot = process.env.VITEST_POOL_ID ?? "1";
  const started = inject("workers")[slot];
  if (!started) throw new Error(`the global setup started nothing for worker slot ${slot}`);
  return started;
}

/**
 * The pid of server.mjs: the test server is started through scripts/start.mjs, which spawns it
 * (measuring the wrapper would measure nothing).
 */
export function serverPid(wrapper: number): number {
  const children = fs.readFileSync(`/proc/${wrapper}/task/${wrapper}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  const server = children.find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.mjs"));
  if (!server) throw new Error(`no server.mjs under pid ${wrapper}`);
  return server;
}
