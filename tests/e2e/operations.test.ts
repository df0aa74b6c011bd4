// Issue 12: backup and restore drill, a failing migration, the start wrapper's exit status, content
// files edited in DATA_DIR/content. Everything runs through the operator's commands (npm start's
// scripts/start.mjs, scripts/backup.mjs, scripts/restore.mjs, scripts/migrate.mjs).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { tinyPngFile, uniquePdf } from "../support/files";
import { expectJson, HttpClient, raw } from "../support/http";
import { jsonLines, runScript } from "../support/scripts";
import { ADMIN, dataDirFrom, freePort, SERVER_TEST, serverEnv, startServer } from "../support/server";

function query<T>(databaseFile: string, sql: string): T[] {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/** Schema and every row of every table: "exactly as before" for a database. */
function snapshot(databaseFile: string) {
  const tables = query<{ name: string; sql: string }>(databaseFile, "SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name");
  const rows = Object.fromEntries(
    tables.filter((t) => t.sql?.startsWith("CREATE TABLE")).map((t) => [t.name, query(databaseFile, `SELECT * FROM "${t.name}" ORDER BY rowid`)]),
  );
  return { tables, rows };
}

/** Every /media/ file the database references. */
function referencedMedia(databaseFile: string): string[] {
  const urls = query<{ url: string | null }>(
    databaseFile,
    `SELECT image AS url FROM News UNION ALL SELECT url FROM NewsAttachment UNION ALL SELECT img FROM Music UNION ALL SELECT url FROM MusicTrack`,
  ).map((r) => r.url);
  return urls.filter((u): u is string => !!u && u.startsWith("/media/"));
}

async function createNews(api: HttpClient, categoryId: number, title: string) {
  const upload = await expectJson(await api.upload(uniquePdf(), `${title}.pdf`), "upload");
  const form = new FormData();
  form.set("category", String(categoryId));
  form.set("title", title);
  form.set("title_eng", `${title} (en)`);
  form.set("description", `<p>${title}</p>`);
  form.set("description_eng", `<p>${title}</p>`);
  form.set("date", "2026-05-01");
  const [image, imageName] = tinyPngFile("foto.png");
  form.set("image", image, imageName);
  form.set("attachments", JSON.stringify([{ temp_name: upload.temp_name, display_name: "Allegato" }]));
  return expectJson<{ slug: string; image: string }>(await api.request("POST", "/api/news/", { form }), "POST /api/news/");
}

/** A data folder migrated by scripts/migrate.mjs from a copy of prisma/migrations the test may add to. */
async function migratedCopy() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-migrate-"));
  const migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-migrations-"));
  fs.cpSync("prisma/migrations", migrationsDir, { recursive: true });
  const env = { ...serverEnv(dataDir, await freePort()), MIGRATIONS_DIR: migrationsDir, SEED_DEMO: "0" };
  expect((await runScript("scripts/migrate.mjs", [], env)).code).toBe(0);
  return { dataDir, migrationsDir, env, databaseFile: path.join(dataDir, "app.db") };
}

describe("backup and restore drill", () => {
  it("backs up while content is written, restores a wiped folder with every row, file, content edit and staff session", SERVER_TEST, async () => {
    // The demo content, as a server that seeded it left it (a copy of the template: seeding again costs
    // a server boot several times over and is not what this drill is about).
    const dataDir = dataDirFrom("demo");
    const server = await startServer({ dataDir });
    const env = serverEnv(dataDir, server.port);
    const staff = new HttpClient(server.url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    // A content edit (in the database since issue 23), as /data/credits.json answers it.
    const edited = JSON.parse(fs.readFileSync("content/data/credits.json", "utf8").replace("Giulia Ferri", "Giulia Ferri Restaurata"));
    await expectJson(await staff.request("PUT", "/api/content/credits/", { json: edited }), "PUT /api/content/credits/");
    const credits = `${JSON.stringify(edited, null, 2)}\n`;
    const [category] = await (await staff.get("/api/category/?type=news")).json();
    const before = [await createNews(staff, category.id, "Prima del backup 1"), await createNews(staff, category.id, "Prima del backup 2")];

    // Writes go on while the backup runs.
    const backup = runScript("scripts/backup.mjs", [], env);
    let backupDone = false;
    void backup.then(() => (backupDone = true));
    const during: string[] = [];
    for (let i = 0; !backupDone || during.length === 0; i++) during.push((await createNews(staff, category.id, `Durante il backup ${i}`)).slug);
    const result = await backup;
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const archive = String(jsonLines(result.stdout).find((line) => line.msg === "backup written")?.archive);
    expect(archive).toMatch(new RegExp(`^${dataDir}/backups/backup-.*\\.tar\\.gz$`));

    // A restore under the live server is refused, with how to stop it.
    const refused = await runScript("scripts/restore.mjs", [archive], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("");
    const [refusal, ...others] = jsonLines(refused.stdout);
    expect(others).toEqual([]);
    expect(refusal).toMatchObject({ level: "error", msg: "restore failed" });
    expect(refusal?.reason).toMatch(/is in use by the server \(pid \d+/);
    expect(refusal?.fix).toContain("docker stop");

    expect(await server.stop()).toBe(0);
    const kept = path.join(os.tmpdir(), `drill-${path.basename(archive)}`);
    fs.copyFileSync(archive, kept);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir);

    const restored = await runScript("scripts/restore.mjs", [kept], env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout.trim().split("\n")).toHaveLength(1);
    expect(jsonLines(restored.stdout)[0]).toMatchObject({ level: "info", msg: "backup restored", checks: "checksums and PRAGMA integrity_check passed" });
    const manifest = JSON.parse(execFileSync("tar", ["-xzOf", kept, "./manifest.json"], { encoding: "utf8" }));
    const databaseFile = path.join(dataDir, "app.db");
    for (const [table, rows] of Object.entries(manifest.rows as Record<string, number>)) {
      expect(query<{ n: number }>(databaseFile, `SELECT count(*) AS n FROM "${table}"`)[0]?.n, table).toBe(rows);
    }
    const slugs = query<{ slug: string }>(databaseFile, "SELECT slug FROM News").map((r) => r.slug);
    for (const news of before) expect(slugs).toContain(news.slug);

    const again = await startServer({ dataDir });
    try {
      const media = referencedMedia(databaseFile);
      expect(media.length).toBeGreaterThan(before.length * 2);
      for (const url of media) expect((await fetch(`${again.url}${url}`)).status, url).toBe(200);
      for (const news of before) expect((await fetch(`${again.url}/news/${news.slug}`)).status).toBe(200);
      // The staff session from before the backup still works (session row and secret restored).
      staff.base = again.url;
      expect((await staff.getJson("/api/userinfo/"))[0]?.username).toBe(ADMIN.username);
      expect(await (await fetch(`${again.url}/data/credits.json`)).text()).toBe(credits);
      expect(await (await fetch(`${again.url}/credits`)).text()).toContain("Giulia Ferri Restaurata");
    } finally {
      await again.stop();
    }
  });
});

// issue 34, finding 2: the backup hard-linked uploads/tmp too, where lame was still writing a transcode's
// MP3; its checksum no longer matched the archive and restore refused it, while the backup had said
// "backup written". Now working files stay out, and a backup reads its archive back as restore does.
describe("a backup restore would refuse is never reported written", () => {
  it("a backup taken while a transcode writes its MP3 under uploads/tmp restores, without the working files", async () => {
    const { dataDir, migrationsDir, env } = await migratedCopy();
    const uploads = path.join(dataDir, "uploads");
    fs.mkdirSync(path.join(uploads, "images"), { recursive: true });
    fs.writeFileSync(path.join(uploads, "images", "0123456789abcdef0123456789abcdef.png"), "a stored picture");
    fs.writeFileSync(path.join(uploads, "images", "fedcba9876543210fedcba9876543210.png.part"), "a write not finished");
    const work = path.join(uploads, "tmp", "transcode-job1-x1y2z3");
    fs.mkdirSync(work, { recursive: true });
    const mp3 = path.join(work, "stream.mp3");
    fs.writeFileSync(mp3, Buffer.alloc(64 * 1024, 1));
    // lame appends to the MP3 for as long as the backup runs.
    const lame = setInterval(() => fs.appendFileSync(mp3, Buffer.alloc(4096, 2)), 1);
    let backup;
    try {
      backup = await runScript("scripts/backup.mjs", [], env);
    } finally {
      clearInterval(lame);
    }
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const archive = String(jsonLines(backup.stdout).find((line) => line.msg === "backup written")?.archive);
    const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).split("\n");
    expect(listed).toContain("./uploads/images/0123456789abcdef0123456789abcdef.png");
    expect(listed.filter((name) => name.includes("/tmp") || name.endsWith(".part"))).toEqual([]);
    // No leftover of the read-back.
    expect(fs.readdirSync(path.join(dataDir, "backups"))).toEqual([path.basename(archive)]);

    const kept = path.join(os.tmpdir(), `working-files-${path.basename(archive)}`);
    fs.copyFileSync(archive, kept);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir);
    const restored = await runScript("scripts/restore.mjs", [kept], env);
    expect(restored.stderr).toBe("");
    expect(jsonLines(restored.stdout)).toMatchObject([{ level: "info", msg: "backup restored" }]);
    expect(restored.code).toBe(0);
    expect(fs.readFileSync(path.join(uploads, "images", "0123456789abcdef0123456789abcdef.png"), "utf8")).toBe("a stored picture");
    for (const folder of [dataDir, migrationsDir, kept]) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("a backup whose archive reads back with a database restore refuses fails in one JSON line, exit 1, and leaves no archive", async () => {
    const { dataDir, migrationsDir, env, databaseFile } = await migratedCopy();
    // A database damaged on disk: its index no longer matches its rows (PRAGMA integrity_check fails),
    // while every row still reads. SQLite's online backup copies it page by page, as it is.
    const db = new Database(databaseFile);
    for (let i = 0; i < 3; i++) db.prepare("INSERT INTO Activity (description, username) VALUES (?, ?)").run(`riga ${i}`, `utente ${i}`);
    db.unsafeMode(true);
    db.pragma("writable_schema = ON");
    db.prepare(`UPDATE sqlite_master SET sql = 'CREATE INDEX "Activity_date_idx" ON "Activity"("username")' WHERE name = 'Activity_date_idx'`).run();
    db.close();

    const backup = await runScript("scripts/backup.mjs", [], env);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(1);
    const lines = backup.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    const failure = JSON.parse(lines[0]!);
    expect(failure).toMatchObject({ level: "error", msg: "backup failed", reason: "the database fails PRAGMA integrity_check: the archive was removed" });
    expect(failure.integrity).toMatch(/missing from index Activity_date_idx/);
    expect(fs.readdirSync(path.join(dataDir, "backups"))).toEqual([]);
    for (const folder of [dataDir, migrationsDir]) fs.rmSync(folder, { recursive: true, force: true });
  });
});

describe("npm run user:create", () => {
  it("says what it did, or why not, in one JSON line of the logger (it printed Italian text)", SERVER_TEST, async () => {
    const dataDir = dataDirFrom("empty");
    const env = serverEnv(dataDir, await freePort(), {});
    const created = await runScript("scripts/create-user.mjs", ["redazione", "una-password-lunga"], env);
    expect(created.code).toBe(0);
    expect(created.stderr).toBe("");
    expect(jsonLines(created.stdout).at(-1)).toMatchObject({ level: "info", msg: "staff user created or updated", username: "redazione" });
    expect(query<{ username: string }>(path.join(dataDir, "app.db"), `SELECT username FROM "User" WHERE username = 'redazione'`)).toHaveLength(1);

    const refused = await runScript("scripts/create-user.mjs", ["redazione", "corta"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("");
    expect(refused.stdout.trim().split("\n")).toHaveLength(1);
    expect(jsonLines(refused.stdout)[0]).toMatchObject({ level: "error", msg: "user:create failed", usage: "npm run user:create -- <username> <password>" });
  });
});

describe("migrations", () => {
  it(
    "a failing migration stops the start with its SQLite error, leaves the database as it was, and the fixed one applies on the next start",
    SERVER_TEST,
    async () => {
      const { dataDir, migrationsDir, env, databaseFile } = await migratedCopy();
      const seeded = new Database(databaseFile);
      seeded.prepare(`INSERT INTO "Category" (name, nameEng, type) VALUES ('Prova', 'Test', 'news')`).run();
      seeded.close();
      const before = snapshot(databaseFile);

      const broken = path.join(migrationsDir, "29990101000000_broken");
      fs.mkdirSync(broken);
      fs.writeFileSync(
        path.join(broken, "migration.sql"),
        `CREATE TABLE "Half" ("id" INTEGER PRIMARY KEY);\nALTER TABLE "Category" ADD COLUMN "note" TEXT;\nINSERT INTO "Missing" VALUES (1);\n`,
      );
      const failed = await runScript("scripts/start.mjs", [], env);
      expect(failed.code).toBe(1);
      // One JSON line says why, no stack trace.
      const refusal = jsonLines(failed.stdout).find((line) => line.level === "fatal");
      expect(refusal).toMatchObject({ msg: "start failed", migration: "29990101000000_broken" });
      expect(refusal?.reason).toContain("migration 29990101000000_broken not applied");
      expect(refusal?.reason).toContain("no such table: Missing");
      expect(refusal?.fix).toContain("as it was before this migration");
      expect(failed.stdout + failed.stderr).not.toMatch(/^\s+at /m);
      expect(snapshot(databaseFile)).toEqual(before);
      // The automatic backup before migrating.
      const preMigrate = () => fs.readdirSync(path.join(dataDir, "backups")).filter((n) => n.startsWith("pre-migrate-"));
      expect(preMigrate()).toHaveLength(1);
      // issue 22: each failed start took another full backup of the same data, and a restart loop
      // rotated the good ones away. The same database state is backed up once.
      const again = await runScript("scripts/start.mjs", [], env);
      expect(again.code).toBe(1);
      expect(preMigrate()).toHaveLength(1);
      expect(jsonLines(again.stdout).find((line) => line.msg === "pre-migrate backup of this database state already taken")?.archive).toBe(
        path.join(dataDir, "backups", preMigrate()[0]!),
      );

      fs.writeFileSync(path.join(broken, "migration.sql"), `CREATE TABLE "Half" ("id" INTEGER PRIMARY KEY);\nALTER TABLE "Category" ADD COLUMN "note" TEXT;\n`);
      const server = await startServer({ dataDir, env: { MIGRATIONS_DIR: migrationsDir, SEED_DEMO: "0" } });
      try {
        expect(jsonLines(server.stdout()).find((line) => line.msg === "migration applied" && line.migration === "29990101000000_broken")).toBeDefined();
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        await server.stop();
      }
      const rows = query<{ migration_name: string; applied_steps_count: number; finished_at: string }>(
        databaseFile,
        "SELECT migration_name, applied_steps_count, finished_at FROM _prisma_migrations ORDER BY migration_name",
      );
      expect(rows.at(-1)).toMatchObject({ migration_name: "29990101000000_broken", applied_steps_count: 1 });
      expect(query(databaseFile, `SELECT name FROM sqlite_master WHERE name = 'Half'`)).toHaveLength(1);
    },
  );

  it("SIGTERM during a long migration stops the start at once and leaves the database as it was", async () => {
    const { migrationsDir, env, databaseFile } = await migratedCopy();
    const before = snapshot(databaseFile);
    // A migration that writes for minutes: the signal must not wait for it.
    const slow = path.join(migrationsDir, "29990101000000_slow");
    fs.mkdirSync(slow);
    fs.writeFileSync(
      path.join(slow, "migration.sql"),
      `CREATE TABLE "Slow" ("id" INTEGER PRIMARY KEY, "pad" TEXT);\nINSERT INTO "Slow" ("id", "pad") WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 500000000) SELECT x, 'abcdefghij' FROM c;\n`,
    );
    const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    // The migration is under way once its transaction has grown the database (or its WAL) by megabytes.
    const sizeOf = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
    const written = () => sizeOf(databaseFile) + sizeOf(`${databaseFile}-wal`);
    const startSize = written();
    const deadline = Date.now() + 60_000;
    while (written() < startSize + 5_000_000) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error("the migration did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const result = await exited;
    expect(result.signal ?? result.code).not.toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    // Opening the database read-write rolls the interrupted transaction back, as any next start does.
    const recovered = new Database(databaseFile);
    recovered.prepare("SELECT count(*) FROM sqlite_master").get();
    recovered.close();
    expect(snapshot(databaseFile)).toEqual(before);
  }, 120_000);

  it("records migrations the way Prisma does, so prisma migrate status agrees", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-status-"));
    const env = serverEnv(dataDir, await freePort());
    expect((await runScript("scripts/migrate.mjs", [], env)).code).toBe(0);
    const status = execFileSync("npx", ["prisma", "migrate", "status"], { env, encoding: "utf8" });
    expect(status).toContain("Database schema is up to date!");
  });
});

describe("start wrapper", () => {
  /** The wrapper's server process, 0 while there is none (pgrep exits 1 when nothing matches). */
  const childOf = (wrapper: number): number => {
    try {
      return Number(
        execFileSync("pgrep", ["-P", String(wrapper)], { encoding: "utf8" })
          .trim()
          .split("\n")[0] || 0,
      );
    } catch {
      return 0;
    }
  };

  async function newServerPid(wrapper: number, not: number): Promise<number> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const pid = childOf(wrapper);
      if (pid && pid !== not) {
        const healthy = await fetch(`${server.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) return pid;
      }
      if (Date.now() > deadline) throw new Error("the server was not started again");
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  // issue 20: the wrapper exited with the server, so one crash left the site dead until someone came.
  let server: Awaited<ReturnType<typeof startServer>>;
  // A failed test must not leave its wrapper holding the data folder for the next one.
  afterEach(async () => {
    if (server?.process.exitCode === null && server.process.signalCode === null) await server.stop("SIGTERM");
  });

  it("starts a killed server again, then exits 0 on a graceful stop", SERVER_TEST, async () => {
    server = await startServer({ env: { SEED_DEMO: "0" } });
    const first = childOf(server.process.pid!);
    expect(first).toBeGreaterThan(0);
    process.kill(first, "SIGKILL");
    const second = await newServerPid(server.process.pid!, first);
    expect(second).not.toBe(first);
    expect(server.process.exitCode).toBeNull();
    const restart = jsonLines(server.output()).find((line) => line.msg === "server died: restarting");
    expect(restart).toMatchObject({ level: "error", signal: "SIGKILL" });
    expect(await server.stop("SIGTERM")).toBe(0);
  });

  it("an uncaught exception is logged with its request id, and the server is replaced", SERVER_TEST, async () => {
    // Injected into server.mjs: the next answer to /healthz?crash throws where nothing catches it,
    // inside the request (the way the truncated multipart body did).
    const preload = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "crash-")), "crash.mjs");
    fs.writeFileSync(
      preload,
      `import http from "node:http";
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function (...args) {
  if (this.req?.url === "/healthz?crash") process.nextTick(() => { throw new Error("injected crash"); });
  return writeHead.apply(this, args);
};
`,
    );
    server = await startServer({ dataDir: server.dataDir, env: { SEED_DEMO: "0", NODE_OPTIONS: `--import ${preload}` } });
    const first = childOf(server.process.pid!);
    const crashed = await fetch(`${server.url}/healthz?crash`).catch(() => null);
    await newServerPid(server.process.pid!, first);
    const fatal = jsonLines(server.output()).find((line) => line.level === "fatal");
    expect(fatal).toMatchObject({ event: "uncaughtException", err: { message: "injected crash" } });
    expect(fatal?.reqId).toMatch(/\S/);
    if (crashed) expect(fatal?.reqId).toBe(crashed.headers.get("x-request-id"));
    expect(await server.stop("SIGTERM")).toBe(0);
  });

  it("a server that cannot start (its port taken) is not retried: the wrapper exits non-zero", SERVER_TEST, async () => {
    const env = serverEnv(server.dataDir, server.port);
    const holder = net.createServer().listen(server.port);
    await new Promise((r) => holder.once("listening", r));
    try {
      const run = await runScript("scripts/start.mjs", [], env);
      expect(run.code).not.toBe(0);
      // issue 22: a bare stack trace; now one line that says what to do.
      expect(jsonLines(run.stdout).find((line) => line.msg === "cannot listen")).toMatchObject({
        level: "fatal",
        code: "EADDRINUSE",
        reason: `port ${server.port} is already in use: stop what holds it, or set PORT to another port`,
      });
      expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m);
    } finally {
      holder.close();
    }
  });
});

describe("staff sign-in over plain http", () => {
  it("the login page explains that the Secure session cookie needs https on a LAN address, not on localhost", SERVER_TEST, async () => {
    const server = await startServer({ env: { SEED_DEMO: "0" } });
    try {
      // As a browser at http://192.168.1.20:3000 asks for it: that Host (X-Forwarded-Host is never believed).
      const lan = { Host: "192.168.1.20:3000" };
      const page = await raw(server.url, "GET", "/login", { headers: lan });
      expect(page.status).toBe(200);
      expect(page.body).toContain("«Secure»");
      expect(page.body).toContain("https://");
      // The session cookie is indeed Secure there: the browser would drop it.
      const res = await raw(server.url, "POST", "/login", {
        headers: { ...lan, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password, redirectTo: "/admin/" }).toString(),
      });
      expect((res.headers["set-cookie"] ?? []).find((c) => c.startsWith("staff_session="))).toMatch(/;\s*Secure/i);
      // Browsers keep Secure cookies on localhost: no warning there.
      expect(await (await fetch(`${server.url}/login`)).text()).not.toContain("«Secure»");
    } finally {
      await server.stop();
    }
  });
});
