// Issue 26: the site on PostgreSQL (DATABASE_URL=postgresql://...). Two instances of the built site
// started together on one empty database: the migrations are applied once (our migrator under an
// advisory lock), neither takes the data-folder lock, and what one writes, the other serves, with
// the session the first one made.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDemo } from "../../scripts/api-client-demo";
import { HttpClient } from "../support/http";
import { jsonLines, runScript } from "../support/scripts";
import { type PgTestServer, postgresMissing, query, startPgServer } from "../support/pg-server";
import { ADMIN, dataDirFrom, SERVER_TEST, spawnServer, type TestServer } from "../support/server";

const missing = postgresMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing)("the site on PostgreSQL (issue 26)", () => {
  let postgres: PgTestServer;
  let databaseUrl: string;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    postgres = await startPgServer();
    databaseUrl = await postgres.newDatabase();
    const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: "postgres-mode-session-secret-0123456789", SEED_DEMO: "0" };
    [a, b] = await Promise.all([spawnServer(dataDirFrom("none"), env), spawnServer(dataDirFrom("none"), env)]);
  }, SERVER_TEST.timeout);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await postgres?.stop();
  });

  it("two instances started together apply each migration once and take no data-folder lock", async () => {
    const names = fs.readdirSync(path.resolve("prisma/postgresql/migrations")).sort();
    const rows = await query<{ migration_name: string }>(databaseUrl, "SELECT migration_name FROM _prisma_migrations ORDER BY migration_name");
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const server of [a, b]) {
      expect(fs.existsSync(path.join(server.dataDir, ".server.lock"))).toBe(false);
      expect(fs.existsSync(path.join(server.dataDir, "app.db"))).toBe(false);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    }
  });

  it("one of the two is the background leader: only it ran the janitor's pass; /healthz names the instance that answered", async () => {
    const seen: { instance: string; leader: string; janitor: number }[] = [];
    for (const server of [a, b]) {
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { instance: string };
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      seen.push({
        instance: health.instance,
        leader: /^site_background_leader (\d)$/m.exec(metrics)?.[1] ?? "?",
        janitor: Number(/^site_background_runs_total\{task="janitor"\} (\d+)$/m.exec(metrics)?.[1] ?? NaN),
      });
    }
    expect(seen[0]!.instance).not.toBe(seen[1]!.instance);
    for (const { instance } of seen) expect(instance).toMatch(/^.+-\d+$/);
    expect(seen.map((s) => s.leader).sort()).toEqual(["0", "1"]);
    // The leader ran the boot's pass; the other none.
    for (const s of seen) expect(s.janitor).toBe(s.leader === "1" ? 1 : 0);
  });

  it("the api/ client's whole session runs through one instance, and the other serves its writes with its session", async () => {
    const result = await runDemo(a.url, ADMIN.username, ADMIN.password, () => {});
    expect(JSON.stringify(result.user)).toContain(`"username":"${ADMIN.username}"`);
    expect(result.deleted.categories.length).toBeGreaterThan(0);

    const client = new HttpClient(a.url);
    await client.apiLogin();
    const created = await client.request("POST", "/api/category/", { json: { name: "Colonne sonore", name_eng: "Soundtracks", type: "music" } });
    expect(created.status).toBe(201);
    // The same cookies through B: the session is a row both read, signed with the one SESSION_SECRET.
    client.base = b.url;
    expect(JSON.stringify(await client.getJson("/api/userinfo/"))).toContain(`"username":"${ADMIN.username}"`);
    // Case-insensitive names hold on PostgreSQL as on SQLite (409 with the Italian message).
    const again = await client.request("POST", "/api/category/", { json: { name: "COLONNE SONORE", name_eng: "x", type: "music" } });
    expect(again.status).toBe(409);
    const listed = JSON.stringify(await client.getJson("/api/category/?type=music"));
    expect(listed).toContain("Colonne sonore");
  });

  it("npm run backup dumps the database while both instances serve; npm run restore refuses while they are connected", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-backup-"));
    // The files the api/ client's session stored went to A's UPLOADS_DIR (these instances keep files on
    // their own disks): the backup checks the referenced keys against that store.
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(a.dataDir, "uploads"),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "postgres-mode-session-secret-0123456789",
      LOG_LEVEL: "info",
    };
    const backup = await runScript("scripts/backup.mjs", [], env);
    expect(backup.code, backup.stdout + backup.stderr).toBe(0);
    const written = jsonLines(backup.stdout).find((line) => line.msg === "backup written");
    expect(written).toMatchObject({ objects: { referenced: expect.any(Number), missing: 0 }, rows: { Category: expect.any(Number) } });
    expect((written!.objects as { referenced: number }).referenced).toBeGreaterThan(0);

    const restore = await runScript("scripts/restore.mjs", [String(written!.archive)], env);
    expect(restore.code).toBe(1);
    const [line] = jsonLines(restore.stdout + restore.stderr);
    expect(line).toMatchObject({ level: "error", msg: "restore failed", reason: expect.stringContaining("stop every instance") });
    expect((line!.connected as string[]).length).toBeGreaterThanOrEqual(2);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
