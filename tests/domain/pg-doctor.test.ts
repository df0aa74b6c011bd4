// Issue 26: `npm run doctor`'s database checks in PostgreSQL mode: the server answers (and its version),
// the migrations are applied (our migrator's _prisma_migrations), pg_dump can back it up, and who the
// background leader is (pg_locks). A DATABASE_URL nobody answers is one FAIL line and exit code 1.
// PostgreSQL pass only (tests/domain/, which vitest.pg.config.ts runs).
import pg from "pg";
import { describe, expect, it } from "vitest";
import { BACKGROUND_LEADER_LOCK } from "../../core/leader.mjs";
import { onPostgres } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { runScript } from "../support/scripts";
import { freePort } from "../support/server";

const lines = (output: string) => output.trim().split("\n");

describe.skipIf(!onPostgres())("npm run doctor on PostgreSQL", () => {
  it("a healthy setup passes: server version, migrations up to date, pg_dump, and the leader named", async () => {
    const leader = new pg.Client({ connectionString: getEnv().databaseUrl, application_name: "site leader web-7" });
    await leader.connect();
    await leader.query("SELECT pg_try_advisory_lock($1)", [BACKGROUND_LEADER_LOCK]);
    try {
      const run = await runScript("scripts/doctor.mjs", [], { ...process.env });
      expect(run.code, run.stdout).toBe(0);
      const out = lines(run.stdout);
      expect(out).toContainEqual(expect.stringMatching(/^OK {3}database {6}PostgreSQL 1\d\.\d+ .* at 127\.0\.0\.1:\d+\/test_/));
      expect(out).toContainEqual(expect.stringMatching(/^OK {3}migrations {4}up to date \(\d+_/));
      expect(out).toContainEqual(expect.stringMatching(/^OK {3}backup {8}pg_dump \d+ for a PostgreSQL \d+ server/));
      expect(out).toContainEqual(expect.stringMatching(/^OK {3}leader {8}background leader: web-7/));
      expect(run.stdout).not.toContain(new URL(getEnv().databaseUrl).password || "no password in the URL");
    } finally {
      await leader.end();
    }
  });

  it("a DATABASE_URL nobody answers: one FAIL line saying so, exit code 1", async () => {
    const url = `postgresql://site:secret-password@127.0.0.1:${await freePort()}/site`;
    const run = await runScript("scripts/doctor.mjs", [], { ...process.env, DATABASE_URL: url });
    expect(run.code).toBe(1);
    const failed = lines(run.stdout).filter((line) => line.startsWith("FAIL"));
    expect(failed).toEqual([expect.stringMatching(/^FAIL database {6}PostgreSQL at 127\.0\.0\.1:\d+\/site not reachable: .*ECONNREFUSED/)]);
    expect(run.stdout).not.toContain("secret-password");
  });
});
