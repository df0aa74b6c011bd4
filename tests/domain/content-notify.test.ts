// Issue 26: on PostgreSQL a content write is notified (pg_notify in the writing transaction) and every
// instance's listener reads the new content version at once, so its page cache, read cache and search
// index follow another instance's write within milliseconds, not at the next poll. Here this process is
// one instance, with its poll made an hour long (CONTENT_POLL_S); the other instance's connections are
// plain `pg` clients. PostgreSQL pass only (tests/domain/, which vitest.pg.config.ts runs).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentChanged,
  contentVersion,
  refreshContentVersion,
  startContentVersionListener,
  stopContentVersionPoll,
} from "~/server/storage/content-version.server";
import { db, onPostgres } from "~/server/storage/db.server";
import { getEnv, resetEnvForTests } from "~/server/platform/env.server";
import { query } from "../support/pg-server";

/** Polls `check` until it holds or `ms` pass; returns how long it took. */
async function within(ms: number, check: () => boolean): Promise<number> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - start;
}

/** What another instance's `contentChanged` does, committed on a connection of its own. */
async function writeElsewhere(): Promise<void> {
  const client = new pg.Client({ connectionString: getEnv().databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ version: number }>(`UPDATE "ContentVersion" SET version = version + 1 WHERE id = 1 RETURNING version`);
    await client.query("SELECT pg_notify('content_changed', $1)", [String(rows[0]!.version)]);
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres())("content changes notified between instances (LISTEN/NOTIFY)", () => {
  beforeAll(async () => {
    // An hour between polls: only the notification can explain a change seen within a second.
    process.env.CONTENT_POLL_S = "3600";
    resetEnvForTests();
    stopContentVersionPoll();
    await db.$transaction((tx) => contentChanged(tx)); // the row exists
    await startContentVersionListener();
    await refreshContentVersion();
  });

  afterAll(() => {
    stopContentVersionPoll();
    delete process.env.CONTENT_POLL_S;
    resetEnvForTests();
  });

  it("another instance's committed write moves this instance's content version within 300 ms", async () => {
    for (let round = 0; round < 3; round++) {
      const before = contentVersion();
      await writeElsewhere();
      const took = await within(1000, () => contentVersion() !== before);
      expect(took).toBeLessThan(300);
      expect(contentVersion()).toBe(before + 1);
    }
  });

  it("a write of this instance notifies the others in its transaction: at commit with the new version, never when rolled back", async () => {
    const other = new pg.Client({ connectionString: getEnv().databaseUrl });
    await other.connect();
    const heard: string[] = [];
    other.on("notification", (message) => heard.push(`${message.channel} ${message.payload}`));
    await other.query("LISTEN content_changed");
    try {
      await expect(
        db.$transaction(async (tx) => {
          await contentChanged(tx);
          throw new Error("refused after the write");
        }),
      ).rejects.toThrow("refused after the write");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);

      await db.$transaction((tx) => contentChanged(tx));
      const [row] = await query<{ version: number }>(getEnv().databaseUrl, `SELECT version FROM "ContentVersion" WHERE id = 1`);
      await within(300, () => heard.length > 0);
      expect(heard).toEqual([`content_changed ${row!.version}`]);
    } finally {
      await other.end();
    }
  });

  it("a listener connection the server ends is made again, and the next write is still seen at once", async () => {
    await query(getEnv().databaseUrl, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'site content listener %'");
    // The first reconnection waits half a second.
    await within(3000, () => false).catch(() => {});
    const [listening] = await query<{ n: number }>(
      getEnv().databaseUrl,
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'site content listener %'",
    );
    expect(listening!.n).toBe(1);
    const before = contentVersion();
    await writeElsewhere();
    expect(await within(1000, () => contentVersion() !== before)).toBeLessThan(300);
  });
});
