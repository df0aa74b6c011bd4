// Issue 22: an upgrade and its rollback, drilled with the runbook's commands (docs/operations.md, Runbook)
// on a clone of this repository: the install running today, and a commit after it that adds a migration,
// built side by side with `npm run release -- prepare`, switched with `use`, on one data folder. Before,
// the rollback failed as written (npm ci: EUSAGE; npm start: the older code on the newer build/), and an
// upgrade was down for the whole install and build (~171 s).
// Issue 34.14: the install upgraded is a plain checkout made before releases existed (no releases/, no
// current): the first prepare adopts it as the release of its commit, so the rollback has a release to
// go back to (before: "no prepared release"). Issue 34.13: at each step /healthz reports the commit of
// the release that runs (before: the checkout's HEAD, whatever was pulled last).
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
const cleanups: string[] = [];
const running: Running[] = [];
afterAll(async () => {
  for (const server of running) if (server.process.exitCode === null) server.process.kill("SIGKILL");
  for (const folder of [checkout, ...cleanups]) if (folder) fs.rmSync(folder, { recursive: true, force: true });
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

it(
  "a plain checkout upgraded while it serves, down only for the restart; rollback to it on the restored pre-migrate backup; /healthz names the release that runs",
  { timeout: 900_000 },
  async () => {
    // upstream: where the next version is committed; checkout: the install, a clone of it that fetches.
    const upstream = fs.mkdtempSync(path.join(os.tmpdir(), "composer-upstream-"));
    cleanups.push(upstream);
    execFileSync("git", ["clone", "--quiet", process.cwd(), upstream]);
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), "composer-releases-"));
    execFileSync("git", ["clone", "--quiet", upstream, checkout]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The service's environment: no DATA_DIR, so every release works on the checkout's data/.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "0" };
    for (const name of ["DATA_DIR", "DATABASE_URL", "UPLOADS_DIR", "BUILD_DIR", "BUILD_CHECK", "MIGRATIONS_DIR", "TRUST_PROXY", "PUBLIC_ORIGIN"])
      delete env[name];
    const databaseFile = path.join(checkout, "data", "app.db");

    /** The service: `npm start` in `current`, or in the checkout before releases (node scripts/start.mjs, as npm start runs it). */
    async function startService(folder = path.join(checkout, "current")): Promise<Running> {
      const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: folder, env, stdio: ["ignore", "pipe", "pipe"] });
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

    const commitOf = (repo: string, ref: string) => execFileSync("git", ["-C", repo, "rev-parse", ref], { encoding: "utf8" }).trim();
    const runningCommit = async () => (await (await fetch(`${url}/healthz`)).json()).commit;

    // The install running today: a plain checkout, installed (node_modules: hard links to this worktree's),
    // built and started in place, as the README says.
    const older = commitOf(checkout, "HEAD");
    execFileSync("cp", ["-al", path.join(process.cwd(), "node_modules"), path.join(checkout, "node_modules")]);
    npm(["run", "build"], checkout);
    const first = await startService(checkout);
    expect(await runningCommit()).toBe(older);
    const staff = new HttpClient(url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    const category = await expectJson(
      await staff.request("POST", "/api/category/", { json: { name: "PRIMA", name_eng: "BEFORE", type: "news" } }),
      "POST /api/category/",
    );

    // The next version, committed upstream: a migration. Fetched and prepared while the older one serves
    // (the first prepare also adopts the running checkout as the release of its commit).
    const migration = path.join(upstream, "prisma", "migrations", DRILL_MIGRATION);
    fs.mkdirSync(migration);
    fs.writeFileSync(path.join(migration, "migration.sql"), `ALTER TABLE "Category" ADD COLUMN "drill" TEXT;\n`);
    execFileSync("git", ["-C", upstream, "add", "prisma/migrations"]);
    execFileSync("git", ["-C", upstream, "-c", "user.name=drill", "-c", "user.email=drill@example.com", "commit", "--quiet", "-m", "drill migration"]);
    execFileSync("git", ["-C", checkout, "fetch", "--quiet"]);
    const branch = execFileSync("git", ["-C", upstream, "rev-parse", "--abbrev-ref", "HEAD"], { encoding: "utf8" }).trim();
    const newer = commitOf(checkout, `origin/${branch}`);
    expect(newer).not.toBe(older);
    let preparing = true;
    const prepared = npmInBackground(["run", "release", "--", "prepare", `origin/${branch}`], checkout).finally(() => (preparing = false));
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
    npm(["run", "release", "--", "use", newer.slice(0, 12)], checkout);
    const stoppedAt = Date.now();
    await stopService(first);
    const second = await startService();
    const downMs = Date.now() - stoppedAt;
    expect(await runningCommit()).toBe(newer);
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
    npm(["run", "release", "--", "use", older.slice(0, 12)], checkout);
    await startService();
    expect(await runningCommit()).toBe(older);
    expect(await ids()).toContain(category.id);
    expect(await ids()).not.toContain(lost.id);
    // The staff session from before the upgrade still works, on the older code and schema.
    expect((await staff.getJson("/api/userinfo/"))[0]?.username).toBe(ADMIN.username);
    expect(tables(databaseFile, `SELECT name FROM pragma_table_info('Category') WHERE name = 'drill'`)).toEqual([]);
    expect(tables(databaseFile, `SELECT migration_name FROM _prisma_migrations WHERE migration_name = '${DRILL_MIGRATION}'`)).toEqual([]);
    expect(fs.readlinkSync(path.join(checkout, "current"))).toBe(path.join("releases", older.slice(0, 12)));
  },
);
