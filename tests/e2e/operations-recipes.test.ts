// Issue 34.15: the host commands of docs/operations.md ("On a host", between the host-recipes markers) run
// as written, with an absolute DATA_DIR and without NODE_ENV, as on a host whose service sets neither.
// Before, `kill "$(jq .pid data/server.pid)"` and `npm run restore -- data/backups/…` pointed at the
// checkout's data/ instead of DATA_DIR, and `npm run -s backup | jq` failed: without NODE_ENV the scripts
// printed pino-pretty's multi-line text into the pipe.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { dataDirFrom, freePort, SERVER_TEST, serverEnv } from "../support/server";

/** The fenced sh blocks of the marked section of docs/operations.md, in order. */
function hostRecipes(): string[] {
  const doc = fs.readFileSync("docs/operations.md", "utf8");
  const section = /<!-- host-recipes: start -->([\s\S]*?)<!-- host-recipes: end -->/.exec(doc)?.[1];
  if (!section) throw new Error("docs/operations.md has no host-recipes section");
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) => block[1] ?? "");
}

const dataDir = dataDirFrom("empty");
let stopStart: (() => void) | undefined;
afterAll(() => {
  stopStart?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("the host recipes run as written against a server on an absolute DATA_DIR, without NODE_ENV", SERVER_TEST, async () => {
  const [start, backupStopRestore, ...others] = hostRecipes();
  expect(others).toEqual([]);
  expect(path.isAbsolute(dataDir)).toBe(true);
  const port = await freePort();
  // A host's service environment: DATA_DIR absolute, no NODE_ENV (vitest's "test" removed).
  const env = serverEnv(dataDir, port, { NODE_ENV: undefined });

  // The start recipe, in the foreground of its own shell: it prints the listening line through jq.
  const server = spawn("sh", ["-e", "-c", start ?? ""], { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  stopStart = () => {
    if (server.exitCode === null) process.kill(-(server.pid ?? 0), "SIGKILL");
  };
  let shown = "";
  let errors = "";
  server.stdout.on("data", (c) => (shown += c));
  server.stderr.on("data", (c) => (errors += c));
  const ended = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  while (!shown.includes('"msg":"listening"')) {
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the start recipe printed no listening line:\n${shown}\n${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

  // Back up, stop, restore: one shell, stopping at the first command that fails.
  const output = execFileSync("sh", ["-e", "-c", backupStopRestore ?? ""], { cwd: process.cwd(), env, encoding: "utf8", timeout: 120_000 });
  // The stop recipe ended the start recipe's server (and with it the start recipe's pipe).
  expect(await ended).toBe(0);
  const restored = JSON.parse(output.trim());
  expect(restored.archive).toMatch(new RegExp(`^${dataDir}/backups/backup-.*\\.tar\\.gz$`));
  expect(restored.files).toBeGreaterThan(0);
  // The restore kept what it replaced, in this DATA_DIR (not the checkout's data/).
  expect(fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.startsWith("pre-restore-"))).toHaveLength(1);
  expect(errors).toBe("");
});
