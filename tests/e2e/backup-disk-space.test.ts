// issue 22: a backup that ran out of space left the disk full: a `.partial` archive stayed (the next
// backup did not remove it), /healthz stayed 200 and staff sign-in through the api answered 500.
// Repro, for real: DATA_DIR on a 45 MB tmpfs holding the 27 MB demo data folder, `npm run backup`.
// Needs root for the mount (CI and these machines run as root).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HttpClient } from "../support/http";
import { runScript } from "../support/scripts";
import { ADMIN, copyTemplate, SERVER_TEST, serverEnv, startServer, type TestServer } from "../support/server";

const runBackup = (env: NodeJS.ProcessEnv) => runScript("scripts/backup.mjs", [], env);

const freeBytes = (dir: string) => {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
};

let mountPoint: string;
let dataDir: string;
let server: TestServer;

beforeAll(async () => {
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "composer-small-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=45m,mode=0700", "tmpfs", mountPoint]);
  dataDir = path.join(mountPoint, "data");
  const copy = copyTemplate(inject("templates").demo);
  fs.cpSync(copy, dataDir, { recursive: true });
  fs.rmSync(copy, { recursive: true, force: true });
  server = await startServer({ dataDir });
}, SERVER_TEST.timeout);

afterAll(async () => {
  await server?.stop();
  execFileSync("umount", [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

describe("a backup on a disk too small for it", () => {
  it("is refused before writing, says why in one JSON line, removes a crashed run's leftovers, and leaves the site working", async () => {
    const backups = path.join(dataDir, "backups");
    fs.mkdirSync(backups, { recursive: true });
    // What a backup killed midway left: its staging folder and its partial archive.
    fs.writeFileSync(path.join(backups, "backup-2026-11-25T00-00-00-000Z.tar.gz.partial"), Buffer.alloc(3 * 1024 * 1024, 1));
    fs.mkdirSync(path.join(backups, ".staging-crashed"));
    const freeBefore = freeBytes(dataDir) + 3 * 1024 * 1024;

    const run = await runBackup(serverEnv(dataDir, server.port));
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const failure = JSON.parse(lines[0]!);
    expect(failure).toMatchObject({ level: "error", msg: "backup failed" });
    expect(failure.reason).toMatch(
      /^not enough free space in .*: the backup needs about [\d.]+ MB, [\d.]+ MB are free and [\d.]+ MB must stay free \(MIN_FREE_DISK_MB\)/,
    );
    expect(run.stderr).toBe("");
    // Nothing left behind, the leftovers gone, the space there as before.
    expect(fs.readdirSync(backups)).toEqual([]);
    expect(freeBytes(dataDir)).toBeGreaterThanOrEqual(freeBefore - 512 * 1024);

    const staff = new HttpClient(server.url);
    expect((await staff.apiLogin(ADMIN.username, ADMIN.password)).username).toBe(ADMIN.username);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it("with the disk full: /readyz answers 503 saying so, /healthz stays 200, staff sign-in through the api is a 503 that says why, not a 500", async () => {
    // Fill the disk, as the backup of the repro did.
    const filler = path.join(mountPoint, "filler.bin");
    fs.writeFileSync(filler, Buffer.alloc(freeBytes(dataDir)));
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      const body = await ready.json();
      expect(body.status).toBe("unavailable");
      expect(body.reasons.join(" ")).toMatch(/^low disk: [\d.]+ MB free for DATA_DIR, the floor is 4\.5 MB \(MIN_FREE_DISK_MB\)$/);
      // A public answer: the setting's name, never the folder's path (issue 34, finding 12).
      expect(JSON.stringify(body)).not.toContain(dataDir);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

      const staff = new HttpClient(server.url);
      await staff.fetch("/api/userinfo/");
      const login = await staff.request("POST", "/api/login/", { json: { username: ADMIN.username, password: ADMIN.password } });
      // The session row cannot be written (SQLITE_FULL): a 503 that says why, not a 500.
      expect(login.status).toBe(503);
      expect((await login.json()).error).toMatch(/^Il disco del server è pieno/);
      expect(
        JSON.parse(
          server
            .stdout()
            .trim()
            .split("\n")
            .find((l) => l.includes('"disk full: a database write was refused"'))!,
        ),
      ).toMatchObject({ level: "error" });
      const backup = await runBackup(serverEnv(dataDir, server.port));
      expect(backup.code).toBe(1);
      expect(fs.readdirSync(path.join(dataDir, "backups"))).toEqual([]);
    } finally {
      fs.rmSync(filler, { force: true });
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
