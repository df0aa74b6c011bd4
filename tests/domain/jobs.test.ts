import { describe, expect, it } from "vitest";
import { db } from "~/server/storage/db.server";
import { claimJob, CRASHED_TOO_OFTEN, enqueueJob, PermanentJobError, retryDelayMs, runJobsUntilIdle, startJobs, stopJobs } from "~/server/domain/jobs.server";

const job = (id: number) => db.job.findUniqueOrThrow({ where: { id } });

describe("the job queue", () => {
  it("gives a due job to one claimer only, and keeps one active job per key", async () => {
    const id = await enqueueJob(db, "claim-test", "a");
    expect(await enqueueJob(db, "claim-test", "a")).toBe(id);
    const [first, second] = await Promise.all([claimJob("owner-1", ["claim-test"]), claimJob("owner-2", ["claim-test"])]);
    expect([first?.id, second?.id].filter(Boolean)).toEqual([id]);
    expect(await job(id)).toMatchObject({ state: "running", attempts: 1 });
    // The lease of a dead process passes: another one claims it again.
    const later = new Date(Date.now() + 61_000);
    expect((await claimJob("owner-3", ["claim-test"], later))?.id).toBe(id);
    expect(await job(id)).toMatchObject({ leaseOwner: "owner-3", attempts: 2 });
  });

  it("two claimers racing for one due job: exactly one wins, 20 rounds (one conditional UPDATE: on PostgreSQL, READ COMMITTED re-checks it on the row the winner committed)", async () => {
    for (let round = 0; round < 20; round++) {
      const id = await enqueueJob(db, "race-test", `round-${round}`);
      const claims = await Promise.all([claimJob("racer-1", ["race-test"]), claimJob("racer-2", ["race-test"]), claimJob("racer-3", ["race-test"])]);
      expect(claims.filter((claim) => claim?.id === id)).toHaveLength(1);
      await db.job.update({ where: { id }, data: { state: "done" } });
    }
  });

  it("retries a failure with backoff, fails after the last try with the reason, and fails at once on a permanent error", async () => {
    let calls = 0;
    const handlers = {
      flaky: {
        run: async () => {
          calls++;
          throw new Error("disk hiccup");
        },
      },
      broken: {
        run: async () => {
          throw new PermanentJobError("file unreadable");
        },
        failed: async (_job: unknown, reason: string) => {
          failures.push(reason);
        },
      },
    };
    const failures: string[] = [];
    const flaky = await enqueueJob(db, "flaky", "x", {}, 2);
    const broken = await enqueueJob(db, "broken", "y");
    await runJobsUntilIdle(handlers);
    expect(calls).toBe(1);
    const retried = await job(flaky);
    expect(retried).toMatchObject({ state: "queued", attempts: 1, lastError: "disk hiccup" });
    expect(retried.runAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);
    expect(await job(broken)).toMatchObject({ state: "failed", attempts: 1, lastError: "file unreadable" });
    expect(failures).toEqual(["file unreadable"]);

    await db.job.update({ where: { id: flaky }, data: { runAt: new Date() } });
    await runJobsUntilIdle(handlers);
    expect(await job(flaky)).toMatchObject({ state: "failed", attempts: 2, lastError: "disk hiccup" });
    // Asked again (staff's "Riprova"): a new job, since none is active.
    expect(await enqueueJob(db, "broken", "y")).not.toBe(broken);
  });

  it("a job whose tries were all used up by runs that killed their process is failed at the next claim, not run again", async () => {
    // issue 34, finding 5: the give-up check ran only when the handler threw, so a job that ended its
    // process (out of memory) was claimed again every time its lease passed, forever.
    const id = await enqueueJob(db, "crash-test", "master.wav", { url: "master.wav" }, 2);
    for (const owner of ["crashed-1", "crashed-2"]) {
      expect((await claimJob(owner, ["crash-test"]))?.id).toBe(id);
      // The process died during the run: nothing finishes the job, and its lease passes.
      await db.job.update({ where: { id }, data: { leaseUntil: new Date(Date.now() - 1_000) } });
    }
    const runs: string[] = [];
    const failures: { key: string; reason: string }[] = [];
    const handlers = {
      "crash-test": {
        run: async ({ key }: { key: string }) => {
          runs.push(key);
        },
        failed: async ({ key }: { key: string }, reason: string) => {
          failures.push({ key, reason });
        },
      },
    };
    await runJobsUntilIdle(handlers);
    expect(runs).toEqual([]);
    const reason = CRASHED_TOO_OFTEN(2);
    expect(reason).toMatch(/^il lavoro è stato interrotto 2 volte senza finire/);
    expect(await job(id)).toMatchObject({ state: "failed", attempts: 2, lastError: reason, leaseUntil: null });
    expect(failures).toEqual([{ key: "master.wav", reason }]);
    // Nothing is left to claim.
    expect(await claimJob("later", ["crash-test"], new Date(Date.now() + 3_600_000))).toBeNull();
  });

  it("runs jobs in the background once started, and hands a running one back when stopped", async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handlers = {
      slow: {
        run: ({ signal }: { signal: AbortSignal }) =>
          new Promise<void>((_resolve, reject) => {
            release();
            signal.addEventListener("abort", () => reject(signal.reason as Error));
          }),
      },
    };
    const id = await enqueueJob(db, "slow", "z");
    startJobs(handlers);
    await started;
    expect(await job(id)).toMatchObject({ state: "running", attempts: 1 });
    await stopJobs();
    expect(await job(id)).toMatchObject({ state: "queued", attempts: 0, leaseUntil: null });
  });
});
