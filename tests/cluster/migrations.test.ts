// Issue 26: both instances of the rig start at the same moment on the empty database (scripts/cluster.sh
// starts them together through scripts/start.mjs): each migration is applied once, by one of them,
// and the other, waiting on the migrator's advisory lock, finds nothing pending.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logOf, theCluster } from "../support/cluster";
import { query } from "../support/pg-server";

const cluster = theCluster();

/** An instance's lines up to its first "listening": its first start (a later test may restart it). */
function firstStart(lines: Record<string, unknown>[]) {
  const end = lines.findIndex((line) => line.msg === "listening");
  return end === -1 ? lines : lines.slice(0, end + 1);
}

describe.skipIf(!cluster)("two instances started together on an empty database", () => {
  it("apply each migration once: one instance's log says it applied them, the other's that nothing was pending", async () => {
    const names = fs.readdirSync(path.resolve("prisma/postgresql/migrations")).sort();
    const rows = await query<{ migration_name: string; finished: boolean; rolled_back: boolean }>(
      cluster!.databaseUrl,
      `SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(rows).toEqual(names.map((name) => ({ migration_name: name, finished: true, rolled_back: false })));

    const starts = cluster!.instances.map((instance) => ({ name: instance.name, lines: firstStart(logOf(instance)) }));
    // Started at the same moment: their first lines are less than a few seconds apart.
    const firstAt = starts.map(({ lines }) => Date.parse(String(lines[0]?.time)));
    expect(Math.abs(firstAt[0]! - firstAt[1]!)).toBeLessThan(5_000);
    const applied = starts.map(({ name, lines }) => ({
      name,
      applied: lines.filter((line) => line.msg === "migration applied").map((line) => line.migration),
      nothingPending: lines.some((line) => line.msg === "no migrations pending"),
    }));
    const migrator = applied.filter((start) => start.applied.length > 0);
    expect(migrator, JSON.stringify(applied)).toHaveLength(1);
    expect(migrator[0]!.applied).toEqual(names);
    expect(migrator[0]!.nothingPending).toBe(false);
    const waiter = applied.find((start) => start !== migrator[0])!;
    expect(waiter).toMatchObject({ applied: [], nothingPending: true });
  });
});
