// Issue 20, medium 3: what lies on disk (the data folder, the database, the session secret, uploads,
// backups) is readable by the server's user alone, and a copy of it (a leaked backup) grants no staff
// session: the Session table holds a hash of each session id, never the id the cookie carries.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { pdfBytes } from "../support/files";
import { expectJson, HttpClient } from "../support/http";
import { ADMIN, dataDirFrom, SERVER_TEST, serverEnv, startServer } from "../support/server";

const execFileAsync = promisify(execFile);

/** The migration that removes the sessions of the release before hashed session ids. */
const HASHED_SESSIONS_MIGRATION = "20261126000000_hashed_session_ids";

/** Runs one of the operator's scripts (scripts/backup.mjs, scripts/restore.mjs) to its end; answers its output. */
async function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const { stdout } = await execFileAsync(process.execPath, [script, ...args], { env });
  return stdout;
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every file and folder under `root` (and root itself) that its group or other users can reach, with its mode. */
function readableByOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.mode & 0o077) found.push(`${path.relative(root, file) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(root);
  return found;
}

/** Gives every folder under root 0755 and every file 0644, as a release without private modes left them. */
function loosen(root: string) {
  const stat = fs.lstatSync(root);
  if (stat.isDirectory()) {
    fs.chmodSync(root, 0o755);
    for (const name of fs.readdirSync(root)) loosen(path.join(root, name));
  } else if (stat.isFile()) fs.chmodSync(root, 0o644);
}

/** The staff_session cookie (name=value) that carries `sessionId`, signed with `secret`. */
async function staffCookie(secret: string, sessionId: string) {
  const [pair = ""] = (await createCookie("staff_session", { secrets: [secret] }).serialize(sessionId)).split(";");
  return pair;
}

/** The status and target of /admin/activityList asked with `cookie`. */
async function activityList(base: string, cookie: string) {
  const res = await fetch(`${base}/admin/activityList`, { headers: { Cookie: cookie }, redirect: "manual" });
  await res.body?.cancel();
  return { status: res.status, location: res.headers.get("location") };
}

const sessionIds = (databaseFile: string) => {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return (db.prepare(`SELECT id FROM "Session"`).all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
};

const readSecret = (dataDir: string) => fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();

describe("secrets at rest", () => {
  it(
    "a new data folder, its database, secret, uploads, backups and archives are the server user's alone, and a backup grants no session",
    SERVER_TEST,
    async () => {
      // A first `npm start`: the start makes DATA_DIR itself.
      const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "composer-secrets-")), "data");
      const server = await startServer({ dataDir, env: { SEED_DEMO: "0" } });
      const env = serverEnv(dataDir, server.port, { SEED_DEMO: "0" });
      let archive: string;
      try {
        const staff = new HttpClient(server.url);
        await staff.login();
        // A file part the request edge stages, then keeps as a temporary upload.
        await expectJson(await staff.upload(pdfBytes(), "programma.pdf"), "upload");
        archive = (await runScript("scripts/backup.mjs", [], env))
          .split("\n")
          .filter((line) => line.includes('"msg":"backup written"'))
          .map((line) => String(JSON.parse(line).archive))[0]!;

        expect(modeOf(dataDir).toString(8)).toBe("700");
        expect(modeOf(path.join(dataDir, "app.db")).toString(8)).toBe("600");
        expect(modeOf(path.join(dataDir, "session-secret")).toString(8)).toBe("600");
        expect(modeOf(path.join(dataDir, "uploads")).toString(8)).toBe("700");
        expect(modeOf(path.join(dataDir, "backups")).toString(8)).toBe("700");
        expect(modeOf(archive).toString(8)).toBe("600");
        // SQLite's own files (-wal, -shm), the staged upload, the lock: nothing else is left open either.
        expect(fs.existsSync(path.join(dataDir, "app.db-wal"))).toBe(true);
        expect(readableByOthers(dataDir)).toEqual([]);

        // The cookie keeps the random id; the database holds its SHA-256 only.
        const secret = readSecret(dataDir);
        const cookieValue = staff.cookies.get("staff_session") ?? "";
        const sessionId = await createCookie("staff_session", { secrets: [secret] }).parse(`staff_session=${cookieValue}`);
        expect(sessionId).toMatch(/^[\w-]{40,}$/);
        const stored = sessionIds(path.join(dataDir, "app.db"));
        expect(stored).not.toContain(sessionId);
        expect(stored).toContain(crypto.createHash("sha256").update(sessionId).digest("hex"));
        expect((await activityList(server.url, `staff_session=${cookieValue}`)).status).toBe(200);

        // What the archive holds (the secret and every Session row) opens no admin page.
        const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), "composer-secrets-archive-"));
        await execFileAsync("tar", ["-xzf", archive, "-C", unpacked]);
        const archived = sessionIds(path.join(unpacked, "app.db"));
        expect(archived).toHaveLength(stored.length);
        for (const id of archived) {
          const answer = await activityList(server.url, await staffCookie(readSecret(unpacked), id));
          expect(answer.status).toBe(302);
          expect(answer.location).toMatch(/^\/login/);
        }
        fs.rmSync(unpacked, { recursive: true, force: true });
      } finally {
        await server.stop();
      }

      // A restore keeps every mode private too, the pre-restore archive it takes included.
      await runScript("scripts/restore.mjs", [archive], env);
      const preRestore = fs.readdirSync(path.join(dataDir, "backups")).filter((n) => n.startsWith("pre-restore-"));
      expect(preRestore).toHaveLength(1);
      expect(readableByOthers(dataDir)).toEqual([]);
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    },
  );

  it("a data folder of the previous release comes out private after the start, and its sessions are gone", SERVER_TEST, async () => {
    const dataDir = dataDirFrom("demo");
    const databaseFile = path.join(dataDir, "app.db");
    // As the release before hashed session ids left it: one session stored under its raw id, the
    // migration not applied yet, an archive in backups/, and every file 0644 and folder 0755.
    const rawId = crypto.randomBytes(32).toString("base64url");
    const db = new Database(databaseFile);
    db.prepare(`DELETE FROM "_prisma_migrations" WHERE migration_name = ?`).run(HASHED_SESSIONS_MIGRATION);
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
    db.prepare(`INSERT INTO "Session" (id, userId, createdAt, lastSeenAt, expiresAt) SELECT ?, id, ?, ?, ? FROM "User" WHERE username = ?`).run(
      rawId,
      iso(now),
      iso(now),
      iso(now + 60 * 60 * 1000),
      ADMIN.username,
    );
    db.close();
    fs.mkdirSync(path.join(dataDir, "backups"));
    fs.writeFileSync(path.join(dataDir, "backups", "backup-2026-11-20T10-00-00-000Z.tar.gz"), "an archive of the previous release");
    loosen(dataDir);
    expect(readableByOthers(dataDir).length).toBeGreaterThan(10);

    const server = await startServer({ dataDir });
    try {
      expect(modeOf(dataDir).toString(8)).toBe("700");
      expect(modeOf(databaseFile).toString(8)).toBe("600");
      expect(modeOf(path.join(dataDir, "session-secret")).toString(8)).toBe("600");
      expect(modeOf(path.join(dataDir, "uploads")).toString(8)).toBe("700");
      expect(modeOf(path.join(dataDir, "backups")).toString(8)).toBe("700");
      expect(modeOf(path.join(dataDir, "backups", "backup-2026-11-20T10-00-00-000Z.tar.gz")).toString(8)).toBe("600");
      const preMigrate = fs.readdirSync(path.join(dataDir, "backups")).filter((n) => n.startsWith("pre-migrate-"));
      expect(preMigrate).toHaveLength(1);
      expect(modeOf(path.join(dataDir, "backups", preMigrate[0] ?? "")).toString(8)).toBe("600");
      // The server's SQLite files take the database's mode.
      expect(modeOf(`${databaseFile}-wal`).toString(8)).toBe("600");
      expect(modeOf(`${databaseFile}-shm`).toString(8)).toBe("600");

      // Sessions are credentials, not content: the upgrade removes them, staff sign in once more.
      expect(sessionIds(databaseFile)).toEqual([]);
      expect((await activityList(server.url, await staffCookie(readSecret(dataDir), rawId))).status).toBe(302);
      const staff = new HttpClient(server.url);
      await staff.login();
      expect((await staff.get("/admin/activityList")).status).toBe(200);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
