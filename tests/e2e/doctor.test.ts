// issue 22: `npm run doctor` checks an install: one line per check, exit 0 when healthy and 1, with the
// reason, for each broken setting below. It runs on a data folder (a copy of the "empty" template),
// with no server: everything it reads is on disk or at the SMTP server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Run, runScript } from "../support/scripts";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { dataDirFrom, freePort, serverEnv } from "../support/server";

const runDoctor = (env: NodeJS.ProcessEnv, args: string[] = []) => runScript("scripts/doctor.mjs", args, env);

/** The line of one check ("FAIL proxy ..."), or the failure says what was printed. */
function line(run: Run, verdict: "OK" | "WARN" | "FAIL", check: string): string {
  const found = run.stdout.split("\n").find((l) => new RegExp(`^${verdict}\\s+${check}\\s`).test(l));
  if (!found) throw new Error(`no ${verdict} line for ${check} in:\n${run.stdout}${run.stderr}`);
  return found;
}

const smtp = {} as SmtpCapture;
let dataDir: string;
let healthy: NodeJS.ProcessEnv;

beforeAll(async () => {
  await startSmtpCapture(smtp, { user: "site", pass: "mail-secret" });
  dataDir = dataDirFrom("empty");
  const port = new URL(smtp.url).port;
  healthy = { ...serverEnv(dataDir, await freePort()), SMTP_URL: `smtp://site:mail-secret@127.0.0.1:${port}` };
  // A recent backup: the healthy install has one.
  fs.mkdirSync(path.join(dataDir, "backups"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "backups", "backup-2026-11-26T00-00-00-000Z.tar.gz"), "");
});

afterAll(async () => {
  await smtp.close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run doctor", () => {
  it("exits 0 on a healthy install, one line per check, and --mail-to sends a test message", async () => {
    const run = await runDoctor(healthy, ["--mail-to", "operator@example.org"]);
    expect(run.stderr).toBe("");
    for (const check of ["runtime", "configuration", "folders", "disk", "database", "migrations", "proxy", "smtp", "backup"]) line(run, "OK", check);
    expect(line(run, "OK", "database")).toContain("PRAGMA quick_check: ok");
    expect(line(run, "OK", "smtp")).toContain("accepts the credentials");
    expect(run.stdout).not.toMatch(/^FAIL/m);
    expect(run.code).toBe(0);
    expect(smtp.mails.map((m) => m.to)).toEqual([["operator@example.org"]]);
  });

  it.each([
    ["a TRUST_PROXY it cannot read", { TRUST_PROXY: "yes" }, "configuration", /TRUST_PROXY: expected .*got "yes"/],
    ["an SMTP_URL that is no URL", { SMTP_URL: "nonsense" }, "configuration", /SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL/],
    ["an https PUBLIC_ORIGIN without TRUST_PROXY", { PUBLIC_ORIGIN: "https://www.example.com", TRUST_PROXY: undefined }, "proxy", /set TRUST_PROXY=1/],
    ["a wrong SMTP password", { SMTP_URL: "smtp://site:wrong@127.0.0.1:PORT" }, "smtp", /Invalid username or password/],
    ["a free-space floor above the free space", { MIN_FREE_DISK_MB: "100000000" }, "disk", /uploads and backups are refused/],
    ["a DATA_DIR that cannot be written", { DATA_DIR: "/proc/version/data" }, "folders", /DATA_DIR \/proc\/version\/data is not writable/],
  ])("exits 1 with the reason for %s", async (_name, change, check, reason) => {
    const env: NodeJS.ProcessEnv = { ...healthy };
    for (const [name, value] of Object.entries(change)) {
      if (value === undefined) delete env[name];
      else env[name] = value.replace("PORT", new URL(smtp.url).port);
    }
    const run = await runDoctor(env);
    expect(line(run, "FAIL", check)).toMatch(reason);
    expect(run.code).toBe(1);
  });

  it("exits 1 for a pending migration and for a backup older than BACKUP_MAX_AGE_H", async () => {
    const migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), "doctor-migrations-"));
    fs.cpSync("prisma/migrations", migrationsDir, { recursive: true });
    fs.mkdirSync(path.join(migrationsDir, "29990101000000_next"));
    fs.writeFileSync(path.join(migrationsDir, "29990101000000_next", "migration.sql"), `CREATE TABLE "Next" ("id" INTEGER PRIMARY KEY);\n`);
    const pending = await runDoctor({ ...healthy, MIGRATIONS_DIR: migrationsDir });
    expect(line(pending, "FAIL", "migrations")).toContain("pending: 29990101000000_next");
    expect(pending.code).toBe(1);

    const archive = path.join(dataDir, "backups", "backup-2026-11-26T00-00-00-000Z.tar.gz");
    const threeDaysAgo = new Date(Date.now() - 72 * 3600_000);
    fs.utimesSync(archive, threeDaysAgo, threeDaysAgo);
    try {
      const old = await runDoctor(healthy);
      expect(line(old, "FAIL", "backup")).toMatch(/72 h old \(older than BACKUP_MAX_AGE_H=26\)/);
      expect(old.code).toBe(1);
    } finally {
      fs.utimesSync(archive, new Date(), new Date());
    }
  });
});
