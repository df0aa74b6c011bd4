// Issue 26: the janitor and the mail retries run on one instance at a time. On PostgreSQL the instance
// holding an advisory lock on a connection of its own leads (app/server/storage/background-leader.server.ts);
// when it dies, even by SIGKILL, PostgreSQL frees the lock and another instance takes it on its next try.
// On SQLite the one process is always the leader. Runs in both passes (tests/domain/, which vitest.pg.config.ts runs).
import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { BACKGROUND_LEADER_LOCK, LEADER_HOLDER_SQL } from "../../core/leader.mjs";
import {
  BackgroundLeader,
  backgroundRuns,
  isBackgroundLeader,
  runAsLeader,
  startBackgroundLeader,
  stopBackgroundLeader,
} from "~/server/storage/background-leader.server";
import { onPostgres } from "~/server/storage/db.server";
import { startContactDelivery, stopContactDelivery } from "~/server/domain/contact.server";
import { startJanitor, stopJanitor } from "~/server/domain/janitor.server";
import { getEnv, resetEnvForTests } from "~/server/platform/env.server";
import { query } from "../support/pg-server";

const RETRY_MS = 200;

/** Polls `check` until it holds or `ms` pass; returns how long it took. */
async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

/** The holder of the leader's lock as pg_locks shows it (what npm run doctor reads). */
async function holder(): Promise<string | null> {
  const rows = await query<{ application_name: string }>(getEnv().databaseUrl, LEADER_HOLDER_SQL, [BACKGROUND_LEADER_LOCK]);
  return rows[0]?.application_name ?? null;
}

/**
 * Another instance's leader in a process of its own: it takes the lock on its connection and
 * prints "locked", then waits to be killed.
 */
async function leaderProcess(databaseUrl: string): Promise<ChildProcess> {
  const script = `import pg from "pg";
const client = new pg.Client({ connectionString: process.argv[1], application_name: "site leader other-process" });
await client.connect();
const { rows } = await client.query("SELECT pg_try_advisory_lock($1) AS locked", [${BACKGROUND_LEADER_LOCK}]);
console.log(rows[0].locked ? "locked" : "refused");
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script, databaseUrl], { stdio: ["ignore", "pipe", "inherit"] });
  const answer = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`leader process exited with ${code}`)));
  });
  expect(answer).toBe("locked");
  return child;
}

const started: BackgroundLeader[] = [];
const children: ChildProcess[] = [];
function instance(instanceId: string) {
  const leader = new BackgroundLeader({ databaseUrl: getEnv().databaseUrl, instanceId, retryMs: RETRY_MS });
  started.push(leader);
  return leader;
}

afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await Promise.all(started.splice(0).map((leader) => leader.stop()));
  await stopBackgroundLeader();
});

describe.skipIf(!onPostgres())("the background leader on PostgreSQL", () => {
  it("of two instances started together exactly one leads; when it stops the other takes over within its next try", async () => {
    const a = instance("instance-a");
    const b = instance("instance-b");
    await Promise.all([a.start(), b.start()]);
    expect([a.leader, b.leader].filter(Boolean)).toHaveLength(1);
    const [first, second] = a.leader ? [a, b] : [b, a];
    expect(await holder()).toBe(`site leader ${first === a ? "instance-a" : "instance-b"}`);

    await first.stop();
    const took = await waitFor(() => second.leader, 5 * RETRY_MS);
    expect(took).toBeLessThan(3 * RETRY_MS);
    expect(first.leader).toBe(false);
    expect(await holder()).toBe(`site leader ${second === a ? "instance-a" : "instance-b"}`);
  });

  it("the leader killed with SIGKILL: PostgreSQL frees its lock and an instance that was refused leads", async () => {
    const other = await leaderProcess(getEnv().databaseUrl);
    children.push(other);
    const a = instance("instance-a");
    await a.start();
    expect(a.leader).toBe(false);
    expect(await holder()).toBe("site leader other-process");
    // Still refused on its next tries while the other holds it.
    await new Promise((resolve) => setTimeout(resolve, 3 * RETRY_MS));
    expect(a.leader).toBe(false);

    other.kill("SIGKILL");
    await waitFor(() => a.leader, 20 * RETRY_MS);
    expect(await holder()).toBe("site leader instance-a");
  });

  it("a leader whose connection the server ends stops leading at once, and leads again on its next try", async () => {
    const a = instance("instance-a");
    const changes: boolean[] = [];
    const watched = new BackgroundLeader({ databaseUrl: getEnv().databaseUrl, instanceId: "instance-w", retryMs: RETRY_MS }, (leader) => changes.push(leader));
    started.push(watched);
    await watched.start();
    await a.start();
    expect(watched.leader).toBe(true);
    expect(a.leader).toBe(false);

    await query(getEnv().databaseUrl, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'site leader instance-w'");
    // One of the two leads again within a few tries, never both.
    await waitFor(() => !watched.leader, 10 * RETRY_MS);
    await waitFor(() => watched.leader || a.leader, 10 * RETRY_MS);
    expect(watched.leader && a.leader).toBe(false);
    expect(changes.slice(0, 2)).toEqual([true, false]);
  });

  it("the janitor's and the mail retries' periodic passes run only while this instance leads, each run counted", async () => {
    Object.assign(process.env, { JANITOR_EVERY_S: "1", MAIL_RETRY_EVERY_S: "1", LEADER_RETRY_S: "1" });
    resetEnvForTests();
    const other = await leaderProcess(getEnv().databaseUrl);
    children.push(other);
    try {
      await startBackgroundLeader();
      expect(isBackgroundLeader()).toBe(false);
      const before = { ...backgroundRuns() };
      await startJanitor();
      startContactDelivery();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(backgroundRuns()).toEqual(before);

      other.kill("SIGKILL");
      await waitFor(() => isBackgroundLeader(), 5000);
      await waitFor(() => backgroundRuns().janitor >= before.janitor + 2 && backgroundRuns().mail_retry >= before.mail_retry + 2, 5000);
    } finally {
      stopJanitor();
      stopContactDelivery();
      for (const name of ["JANITOR_EVERY_S", "MAIL_RETRY_EVERY_S", "LEADER_RETRY_S"]) delete process.env[name];
      resetEnvForTests();
    }
  }, 30_000);
});

describe.skipIf(onPostgres())("the background leader on SQLite", () => {
  it("the one process is always the leader: no connection, every pass runs and is counted", async () => {
    await startBackgroundLeader();
    expect(isBackgroundLeader()).toBe(true);
    const before = backgroundRuns().mail_retry;
    expect(await runAsLeader("mail_retry", async () => {})).toBe(true);
    expect(backgroundRuns().mail_retry).toBe(before + 1);
  });
});
