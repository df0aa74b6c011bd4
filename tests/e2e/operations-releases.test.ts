// Issue 22: an upgrade and its rollback, drilled with the runbook's commands (docs/operations.md, Runbook)
// on a clone of this repository: two releases (this commit, and a commit after it that adds a migration)
// built side by side with `npm run release -- prepare`, switched with `use`, on one data folder. Before,
// the rollback failed as written (npm ci: EUSAGE; npm start: the older code on the newer build/), and an
// upgrade was down for the whole install and build (~171 s).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { expectJson, HttpClient } from "../support/http";
import { ADMIN, freePort } from "../support/server";

const DRILL_MIGRATION = "29990101000000_release_drill";

type Running = { process: ChildProcess; output: () => string; exited: Promise<number | null> };

let checkout: string;
const running: Running[] = [];
afterAll(async () => {
  for (const server of running) if (server.process.exitCode === null) server.process.kill("SIGKILL");
  if (checkout) fs.rmSync(checkout, { recursive: true, force: true });
});

/** A command of the runbook, run in the checkout (or the release `current` points at). */
function npm(args: string[], cwd: string) {
  return execFileSync("npm", args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } });
}

/** The same, without blocking this process: the site is probed while it runs. */
function npmInBackground(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm ${args.join(" ")}: exit ${code}\n${stderr}`))));
  });
}

const tables = (databaseFile: string, sql: string) => {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

it("upgrade while the old release serves, down only for the restart; rollback to it on the restored pre-migrate backup", { timeout: 900_000 }, async () => {
  checkout = fs.mkdtempSync(path.join(os.tmpdir(), "composer-releases-"));
  execFileSync("git", ["clone", "--quiet", process.cwd(), checkout]);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The service's environment: no DATA_DIR, so every release works on the checkout's data/.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "0" };
  for (const name of ["DATA_DIR", "DATABASE_URL", "UPLOADS_DIR", "BUILD_DIR", "BUILD_CHECK", "MIGRATIONS_DIR", "TRUST_PROXY", "PUBLIC_ORIGIN"])
    delete env[name];
  const databaseFile = path.join(checkout, "data", "app.db");

  /** The service: `npm start` in `current` (node scripts/start.mjs, as npm start runs it). */
  async function startService(): Promise<Running> {
    const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: path.join(checkout, "current"), env, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout?.on("data", (c) => (log += c));
    child.stderr?.on("data", (c) => (log += c));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const server = { process: child, output: () => log, exited };
    running.push(server);
    const deadline = Date.now() + 240_000;
    while (
      !(await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the release did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return server;
  }
  async function stopService(server: Running) {
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }

  // The release running today, built and started as the runbook says (node_modules: hard links to this checkout's).
  const older = execFileSync("git", ["-C", checkout, "rev-parse", "--short=12", "HEAD"], { encoding: "utf8" }).trim();
  npm(["run", "release", "--", "prepare", "HEAD", "--node-modules-from", process.cwd()], checkout);
  npm(["run", "release", "--", "use", older], checkout);
  const first = await startService();
  const staff = new HttpClient(url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
  const category = await expectJson(
    await staff.request("POST", "/api/category/", { json: { name: "PRIMA", name_eng: "BEFORE", type: "news" } }),
    "POST /api/category/",
  );

  // The next version, committed upstream: a migration. Prepared while the older one serves.
  const migration = path.join(checkout, "prisma", "migrations", DRILL_MIGRATION);
  fs.mkdirSync(migration);
  fs.writeFileSync(path.join(migration, "migration.sql"), `ALTER TABLE "Category" ADD COLUMN "drill" TEXT;\n`);
  execFileSync("git", ["-C", checkout, "add", "prisma/migrations"]);
  execFileSync("git", ["-C", checkout, "-c", "user.name=drill", "-c", "user.email=drill@example.com", "commit", "--quiet", "-m", "drill migration"]);
  const newer = execFileSync("git", ["-C", checkout, "rev-parse", "--short=12", "HEAD"], { encoding: "utf8" }).trim();
  let preparing = true;
  const prepared = npmInBackground(["run", "release", "--", "prepare", "HEAD"], checkout).finally(() => (preparing = false));
  const answers: number[] = [];
  while (preparing) {
    answers.push(
      await fetch(`${url}/healthz`).then(
        (r) => r.status,
        () => 0,
      ),
    );
    await new Promise((r) => setTimeout(r, 1_000));
  }
  await prepared;
  // The site answered all along.
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.filter((status) => status !== 200)).toEqual([]);

  // Upgrade: switch, restart. Down from the stop to the first answer of the new release.
  npm(["run", "release", "--", "use", newer], checkout);
  const stoppedAt = Date.now();
  await stopService(first);
  const second = await startService();
  const downMs = Date.now() - stoppedAt;
  console.log(`upgrade: down for ${(downMs / 1000).toFixed(1)} s (stop, migrate with its backup, boot)`);
  expect(tables(databaseFile, `SELECT name FROM pragma_table_info('Category') WHERE name = 'drill'`)).toEqual([{ name: "drill" }]);
  const ids = async () => (await staff.getJson("/api/category/?type=news")).map((c: { id: number }) => c.id);
  expect(await ids()).toContain(category.id);
  const archives = fs.readdirSync(path.join(checkout, "data", "backups")).filter((n) => n.startsWith("pre-migrate-"));
  expect(archives).toHaveLength(1);

  // A write after the upgrade: the rollback loses it (it stays in the pre-restore archive).
  const lost = await expectJson(
    await staff.request("POST", "/api/category/", { json: { name: "DOPO", name_eng: "AFTER", type: "news" } }),
    "POST /api/category/",
  );

  // Rollback, exactly as docs/operations.md says: stop, restore the pre-migrate archive, use the previous release, start.
  await stopService(second);
  npm(["run", "restore", "--", path.join("data", "backups", archives[0] ?? "")], path.join(checkout, "current"));
  npm(["run", "release", "--", "use", older], checkout);
  await startService();
  expect(await ids()).toContain(category.id);
  expect(await ids()).not.toContain(lost.id);
  // The staff session from before the upgrade still works, on the older code and schema.
  expect((await staff.getJson("/api/userinfo/"))[0]?.username).toBe(ADMIN.username);
  expect(tables(databaseFile, `SELECT name FROM pragma_table_info('Category') WHERE name = 'drill'`)).toEqual([]);
  expect(tables(databaseFile, `SELECT migration_name FROM _prisma_migrations WHERE migration_name = '${DRILL_MIGRATION}'`)).toEqual([]);
  expect(fs.readlinkSync(path.join(checkout, "current"))).toBe(path.join("releases", older));
});
