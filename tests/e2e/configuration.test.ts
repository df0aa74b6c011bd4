// issue 22: `TRUST_PROXY=yes` and a taken port printed bare stack traces, `SMTP_URL=nonsense` was
// accepted. Every setting is checked before anything starts (core/config.mjs): a refused one
// is one JSON line naming the variable and what it takes, and npm start exits 1.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runScript } from "../support/scripts";
import { describe, expect, it } from "vitest";
import { freePort, serverEnv } from "../support/server";

const start = (env: NodeJS.ProcessEnv) => runScript("scripts/start.mjs", [], env);

describe("npm start refuses a setting it cannot use, in one line", () => {
  it.each([
    ["SMTP_URL", "nonsense", /^invalid configuration: SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL/],
    ["TRUST_PROXY", "yes", /^invalid configuration: TRUST_PROXY: expected true, false, a number of proxies \(1\).*, got "yes"$/],
    ["PORT", "eighty", /^invalid configuration: PORT: expected a port number from 1 to 65535, got "eighty"$/],
    ["PUBLIC_ORIGIN", "www.example.com", /^invalid configuration: PUBLIC_ORIGIN: expected the site's address, scheme and host only/],
    ["DATA_DIR", "/proc/version/data", /^DATA_DIR \/proc\/version\/data is not writable by user \S+ \(uid \d+, gid \d+\): ENOTDIR$/],
  ])("%s=%s", async (variable, value, reason) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-config-"));
    try {
      const run = await start({ ...serverEnv(dataDir, await freePort()), [variable]: value });
      expect(run.code).toBe(1);
      const lines = run.stdout.trim().split("\n");
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({ level: "fatal", msg: "start failed" });
      expect(line.reason).toMatch(reason);
      if (line.variables) expect(line.variables).toEqual([variable]);
      // No stack trace anywhere, and nothing was made in the data folder.
      expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m);
      expect(run.stderr).toBe("");
      if (variable !== "DATA_DIR") expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("npm start refuses incomplete object storage settings (issue 26)", () => {
  it("names every S3 variable that is missing, and never repeats the secret", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-config-"));
    try {
      const run = await start({ ...serverEnv(dataDir, await freePort()), S3_BUCKET: "composer-media", S3_SECRET_ACCESS_KEY: "very-secret-key-123" });
      expect(run.code).toBe(1);
      const lines = run.stdout.trim().split("\n");
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({ level: "fatal", msg: "start failed", variables: ["S3_REGION", "S3_ACCESS_KEY_ID"] });
      expect(line.reason).toMatch(/^invalid configuration: S3_REGION: required with S3_BUCKET, S3_SECRET_ACCESS_KEY .*; S3_ACCESS_KEY_ID: required/);
      expect(run.stdout + run.stderr).not.toContain("very-secret-key-123");
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("PostgreSQL mode (issue 26)", () => {
  it("refuses a PostgreSQL DATABASE_URL without SESSION_SECRET, in one line that does not repeat the URL", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-config-"));
    try {
      const url = "postgresql://site:very-secret-password@127.0.0.1:1/site";
      const run = await start(serverEnv(dataDir, await freePort(), { DATABASE_URL: url, SESSION_SECRET: undefined }));
      expect(run.code).toBe(1);
      const lines = run.stdout.trim().split("\n");
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({ level: "fatal", msg: "start failed", variables: ["SESSION_SECRET"] });
      expect(line.reason).toBe(
        "invalid configuration: SESSION_SECRET: required with a PostgreSQL DATABASE_URL (every instance must sign sessions with the same secret)",
      );
      expect(run.stdout + run.stderr).not.toContain("very-secret-password");
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("still refuses a DATABASE_URL that is neither file: nor PostgreSQL", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-config-"));
    try {
      const run = await start({ ...serverEnv(dataDir, await freePort()), DATABASE_URL: "mysql://site@127.0.0.1/site" });
      expect(run.code).toBe(1);
      const line = JSON.parse(run.stdout.trim());
      expect(line.reason).toMatch(/^invalid configuration: DATABASE_URL: expected a SQLite file URL \(file:\/data\/app\.db\) or a PostgreSQL URL/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
