// Runs once before the e2e files: a current production build, then two template data folders
// (migrated; one with the demo content, one with the staff user only) that each test server copies,
// so no server migrates or seeds again. Then one Chromium for each worker slot (VITEST_POOL_ID), and
// one server on a copy of the demo template that the files of every worker which only read share
// (sharedDemoServer): a file no longer pays a browser launch, and the read-only files no longer pay a
// server boot. One read-only server for both workers makes each picture variant and renders each
// page once instead of once per worker.
import { rows } from "./db";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { staleBuildReason } from "../../scripts/ops/build.mjs";
import { launchBrowserServer } from "./browser";
import { copyTemplate, expectJsonLines, spawnServer, type ServerInfo } from "./server";

declare module "vitest" {
  interface ProvidedContext {
    templates: { demo: string; empty: string };
    /** By worker slot (VITEST_POOL_ID): the Chromium to connect to. */
    workers: Record<string, { browser: string }>;
    /** The read-only demo server every worker's read-only files share (sharedDemoServer). */
    demoServer: ServerInfo;
  }
}

async function makeTemplate(root: string, name: "demo" | "empty") {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir);
  const server = await spawnServer(dataDir, { SEED_DEMO: name === "demo" ? "1" : "0" }).catch(async (error: unknown) => {
    // One more try on a clean folder: a single failed start must not fail every e2e file.
    console.error(`template ${name}: ${error instanceof Error ? error.message : String(error)}\nretrying once`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir);
    return spawnServer(dataDir, { SEED_DEMO: name === "demo" ? "1" : "0" });
  });
  // The demo tracks are transcoded in the background after the first start (issue 25): the
  // template waits for its queue, so no copy of it transcodes them again.
  const deadline = Date.now() + 300_000;
  while (rows<{ n: number }>(server, `SELECT count(*) AS n FROM Job WHERE state IN ('queued', 'running')`)[0]!.n > 0) {
    if (Date.now() > deadline) throw new Error(`template ${name}: the demo tracks were not transcoded in 5 minutes:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // SIGTERM: a clean stop checkpoints the SQLite WAL into app.db before the folder is copied.
  const code = await server.stop();
  if (code !== 0) throw new Error(`template ${name}: the server ended with ${code}:\n${server.output()}`);
  expectJsonLines(server.stdout(), `template ${name}`);
  return dataDir;
}

export default async function setup(project: TestProject) {
  // The same staleness check as `npm start`. NODE_ENV is "test" inside vitest: a build made with it
  // ships React's development build, whose hydration warnings fail every page test.
  const reason = staleBuildReason("build");
  if (reason) {
    console.log(`${reason}: npm run build`);
    execFileSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "composer-e2e-templates-"));
  const slots = Array.from({ length: project.globalConfig.maxWorkers }, (_, i) => String(i + 1));
  // Chromium needs no template, and the read-only server needs only the demo one: each starts as soon as it can.
  const demo = makeTemplate(root, "demo");
  const empty = makeTemplate(root, "empty");
  const readOnly = demo.then((dir) => spawnServer(copyTemplate(dir)));
  const [browsers, server, demoDir, emptyDir] = await Promise.all([Promise.all(slots.map(() => launchBrowserServer())), readOnly, demo, empty]);
  project.provide("templates", { demo: demoDir, empty: emptyDir });
  project.provide("workers", Object.fromEntries(slots.map((slot, i) => [slot, { browser: browsers[i]!.wsEndpoint() }])));
  project.provide("demoServer", { url: server.url, port: server.port, dataDir: server.dataDir });
  return async () => {
    await Promise.all([...browsers.map((browser) => browser.close()), server.stop()]);
    expectJsonLines(server.stdout(), "the shared demo server");
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
