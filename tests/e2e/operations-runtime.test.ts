// Issue 22: the runtime. A server that dies says so in the log (in a container the log is all there is),
// and a native module compiled for another Node is named in one line at start, not in a dlopen trace.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, runScript } from "../support/scripts";
import { freePort, SERVER_TEST, serverEnv } from "../support/server";

describe("a server that dies", () => {
  it("a crash before the server listens leaves a fatal JSON line from the wrapper, and npm start exits non-zero", SERVER_TEST, async () => {
    // A build whose server module throws while it is imported: server.mjs dies at boot.
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-broken-build-"));
    fs.mkdirSync(path.join(buildDir, "server"));
    fs.writeFileSync(path.join(buildDir, "server", "index.js"), `throw new Error("broken build");\n`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-crash-"));
    const run = await runScript("scripts/start.mjs", [], serverEnv(dataDir, await freePort(), { BUILD_DIR: buildDir, SEED_DEMO: "0" }));
    expect(run.code).toBe(1);
    const died = jsonLines(run.stdout).find((line) => line.msg === "server failed to start");
    expect(died).toMatchObject({ level: "fatal", exitCode: 1, status: 1 });
  });
});

/** Another Node whose major differs from this one's (CI has the machine's Node 20 and the image's in .ci/node-lts). */
function otherNode(): string | null {
  const candidates = [path.resolve(".ci/node-lts/bin/node"), ...(process.env.PATH ?? "").split(":").map((dir) => path.join(dir, "node"))];
  for (const candidate of candidates) {
    if (!fs.existsSync(candidate)) continue;
    const major = execFileSync(candidate, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).trim();
    if (major !== process.versions.node.split(".")[0]) return candidate;
  }
  return null;
}

describe("native module and Node version", () => {
  const other = otherNode();
  it.skipIf(!other)(
    "npm start under a Node the installed better-sqlite3 was not compiled for says so in one line, with the command that fixes it",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-abi-"));
      const run = await runScript("scripts/start.mjs", [], serverEnv(dataDir, await freePort(), { SEED_DEMO: "0" }), other ?? "");
      expect(run.code).toBe(1);
      // Every line is the one logger's JSON (issue 22): exactly one, `fatal`, with the reason and no stack.
      expect(run.stderr.trim()).toBe("");
      expect(run.stdout.trim().split("\n")).toHaveLength(1);
      const lines = jsonLines(run.stdout);
      expect(lines[0]).toMatchObject({ level: "fatal", msg: "start failed", nativeModule: "better-sqlite3" });
      expect(lines[0]).not.toHaveProperty("err");
      // CI's two Nodes are 20 (with the lock's better-sqlite3 11) and 24 (with 13 in its place): either way
      // round, the other Node cannot use the installed one, and the line names the command that fixes it.
      expect(lines[0]?.reason).toMatch(
        /^better-sqlite3 (was compiled for Node \d+ \(NODE_MODULE_VERSION \d+\), but this is Node \d+\.\d+\.\d+ .*npm rebuild better-sqlite3|[\d.]+ (aborts under|crashes) Node \d+\.\d+\.\d+ .*better-sqlite3-for-node\.sh (use|restore))/,
      );
      // Nothing was touched: the check comes before the data folder is migrated.
      expect(fs.existsSync(path.join(dataDir, "app.db"))).toBe(false);
    },
  );
});
