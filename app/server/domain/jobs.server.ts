import crypto from "node:crypto";
import os from "node:os";
import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { db } from "../storage/db.server";

/**
 * The durable job queue (the Job table): long work (transcoding a master today) that must survive a
 * restart or a crash and must not slow visitors down.
 *
 * - A job is claimed by one conditional UPDATE (state and lease as read, compared and set in the
 *   same statement): of two processes sharing the database only one gets it, SQLite or not.
 * - The claim is a lease (JOB_LEASE_S), renewed while the handler runs; a job whose process died
 *   keeps "running" until its lease passes, then any process claims it again.
 * - A failure is retried with backoff; after `maxAttempts` (or a `PermanentJobError`, e.g. a file
 *   that cannot be read) the job is "failed" with the reason, until staff ask again (`enqueueJob`).
 * - A try is counted when it is claimed, so a job whose process dies during it (out of memory, a
 *   crash of a program it runs) still uses it up: once every try ended that way, the next claim fails
 *   the job instead of running it a time more (`CRASHED_TOO_OFTEN`).
 * - One job at a time per process by default (JOB_CONCURRENCY): the machine's other core serves pages.
 * - A server that stops (`stopJobs`) aborts its jobs and hands them back at once, not counted as a try.
 */

type JobState = "queued" | "running" | "done" | "failed";

/** What a handler gets: the job's payload, a signal that fires when it must stop, a progress reporter. */
type JobContext = {
  id: number;
  key: string;
  payload: unknown;
  attempt: number;
  signal: AbortSignal;
  /** 0 to 1; written to the row at most once a second. */
  progress(fraction: number): void;
};

export type JobHandler = {
  run(job: JobContext): Promise<void>;
  /** After the last try failed (or a permanent error): what the job was for learns why. */
  failed?(job: { key: string; payload: unknown }, reason: string): Promise<void>;
};

export type JobHandlers = Record<string, JobHandler>;

/** A refusal that another try cannot change (an unreadable file): the job fails at once. */
export class PermanentJobError extends Error {}

/**
 * The job cannot run until something outside it is there (a program to install): it is tried again with
 * the backoff (at most an hour apart) for as long as that lasts, never failed for it; staff see why meanwhile.
 */
export class WaitingJobError extends Error {}

const ACTIVE: JobState[] = ["queued", "running"];
const IDLE_POLL_MS = 2_000;
const PROGRESS_EVERY_MS = 1_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Seconds before the next try: 30 s, 2 min, 8 min ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 30_000 * 4 ** Math.max(0, attempts - 1));
}

type Client = Prisma.TransactionClient | typeof db;

/**
 * Queues a job of `kind` for `key` unless one is already queued or running (answers that one).
 * Inside a transaction the job exists exactly when the write that needs it committed.
 */
export async function enqueueJob(client: Client, kind: string, key: string, payload: unknown = {}, maxAttempts = 3): Promise<number> {
  const active = await client.job.findFirst({ where: { kind, key, state: { in: ACTIVE } }, select: { id: true } });
  if (active) return active.id;
  const job = await client.job.create({ data: { kind, key, payload: JSON.stringify(payload), maxAttempts }, select: { id: true } });
  wakeJobs();
  return job.id;
}

/** The newest job of each key (its state, progress, last error and when it runs next), for pages that show them. */
export async function latestJobs(kind: string, keys: string[]) {
  const rows = await db.job.findMany({
    where: { kind, key: { in: [...new Set(keys)] } },
    select: { key: true, state: true, progress: true, lastError: true, attempts: true, runAt: true },
    orderBy: { id: "asc" },
  });
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * A claimed job; `givenUp` (the reason) when its tries are used up by runs that never finished: it is
 * failed already, and only its handler's `failed` is left to call.
 */
type Claimed = { id: number; kind: string; key: string; payload: string; attempts: number; maxAttempts: number; givenUp?: string };

/** Why a job whose every try ended with its process is not tried again (the admin shows it). */
export const CRASHED_TOO_OFTEN = (attempts: number) =>
  `il lavoro è stato interrotto ${attempts} ${attempts === 1 ? "volta" : "volte"} senza finire (il server si è chiuso mentre lo eseguiva, ad esempio per memoria esaurita): non viene più ritentato`;

function claimable(now: Date): Prisma.JobWhereInput {
  return {
    OR: [
      { state: "queued", runAt: { lte: now } },
      { state: "running", leaseUntil: { lt: now } },
    ],
  };
}

/**
 * Claims the next due job of the given kinds for `owner`, or answers null. The candidate is read
 * first; the claim is the UPDATE whose WHERE repeats the condition, so when another process took
 * it in between, nothing is updated and the next candidate is tried. A candidate still "running" whose
 * lease passed with no try left (every try's process died) is failed by the same kind of UPDATE and
 * answered with `givenUp`.
 */
export async function claimJob(owner: string, kinds: string[], now = new Date()): Promise<Claimed | null> {
  const leaseMs = getEnv().jobLeaseMs;
  for (let tries = 0; tries < 5; tries++) {
    const candidate = await db.job.findFirst({
      where: { kind: { in: kinds }, ...claimable(now) },
      orderBy: [{ runAt: "asc" }, { id: "asc" }],
      select: { id: true, state: true, attempts: true, maxAttempts: true },
    });
    if (!candidate) return null;
    if (candidate.state === "running" && candidate.attempts >= candidate.maxAttempts) {
      const givenUp = CRASHED_TOO_OFTEN(candidate.attempts);
      const { count } = await db.job.updateMany({
        where: { id: candidate.id, ...claimable(now), attempts: candidate.attempts },
        data: { state: "failed", lastError: givenUp, finishedAt: now, leaseUntil: null, leaseOwner: null },
      });
      if (count === 1) {
        const job = await db.job.findUnique({
          where: { id: candidate.id },
          select: { id: true, kind: true, key: true, payload: true, attempts: true, maxAttempts: true },
        });
        if (job) return { ...job, givenUp };
      }
      continue;
    }
    const { count } = await db.job.updateMany({
      where: { id: candidate.id, ...claimable(now) },
      data: { state: "running", leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), attempts: { increment: 1 } },
    });
    if (count === 1) {
      return db.job.findUnique({ where: { id: candidate.id }, select: { id: true, kind: true, key: true, payload: true, attempts: true, maxAttempts: true } });
    }
  }
  return null;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** Runs one claimed job to its end: done, queued again with backoff, failed, or handed back when `stopping`. */
async function runClaimed(job: Claimed, owner: string, handlers: JobHandlers, abort: AbortController, stopping: () => boolean) {
  const handler = handlers[job.kind];
  if (job.givenUp) {
    log().error({ jobId: job.id, kind: job.kind, key: job.key, attempts: job.attempts, reason: job.givenUp }, "job failed: every try ended with its process");
    await handler?.failed?.({ key: job.key, payload: parsePayload(job.payload) }, job.givenUp);
    return;
  }
  const mine = { id: job.id, leaseOwner: owner, state: "running" };
  const leaseMs = getEnv().jobLeaseMs;
  let progress: number | null = null;
  let lostLease = false;
  const heartbeat = setInterval(
    () => {
      const data = { leaseUntil: new Date(Date.now() + leaseMs), ...(progress === null ? {} : { progress }) };
      void db.job
        .updateMany({ where: mine, data })
        .then(({ count }) => {
          if (count === 0) {
            lostLease = true;
            abort.abort(new Error("lease lost"));
          }
        })
        .catch((error: unknown) => log().warn({ err: error, jobId: job.id }, "job lease not renewed"));
    },
    Math.min(PROGRESS_EVERY_MS, leaseMs / 3),
  );
  heartbeat.unref();
  const payload = parsePayload(job.payload);
  try {
    if (!handler) throw new PermanentJobError(`unknown job kind "${job.kind}"`);
    log().info({ jobId: job.id, kind: job.kind, key: job.key, attempt: job.attempts }, "job started");
    await handler.run({
      id: job.id,
      key: job.key,
      payload,
      attempt: job.attempts,
      signal: abort.signal,
      progress: (fraction) => {
        progress = Math.max(0, Math.min(1, fraction));
      },
    });
    await db.job.updateMany({ where: mine, data: { state: "done", progress: 1, finishedAt: new Date(), leaseUntil: null, lastError: null } });
    log().info({ jobId: job.id, kind: job.kind, key: job.key }, "job done");
  } catch (error) {
    if (lostLease) return; // another process holds it now
    if (stopping()) {
      // The server stops: the next start (or another process) takes it at once, and this try does not count.
      await db.job.updateMany({ where: mine, data: { state: "queued", runAt: new Date(), leaseUntil: null, leaseOwner: null, attempts: { decrement: 1 } } });
      log().info({ jobId: job.id, kind: job.kind }, "job handed back at stop");
      return;
    }
    const reason = reasonOf(error);
    const final = !(error instanceof WaitingJobError) && (error instanceof PermanentJobError || job.attempts >= job.maxAttempts);
    await db.job.updateMany({
      where: mine,
      data: final
        ? { state: "failed", lastError: reason, finishedAt: new Date(), leaseUntil: null }
        : { state: "queued", lastError: reason, runAt: new Date(Date.now() + retryDelayMs(job.attempts)), leaseUntil: null },
    });
    log().warn({ jobId: job.id, kind: job.kind, key: job.key, attempt: job.attempts, reason }, final ? "job failed" : "job failed: retrying later");
    if (final) await handler?.failed?.({ key: job.key, payload }, reason);
  } finally {
    clearInterval(heartbeat);
  }
}

/** A name for this process's leases: another process (or this one after a restart) never shares it. */
function newOwner(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

type Worker = {
  owner: string;
  handlers: JobHandlers;
  timer?: NodeJS.Timeout;
  running: Map<Promise<void>, AbortController>;
  ticking: boolean;
  stopped: boolean;
};

let worker: Worker | undefined;

function schedule(ms: number) {
  if (!worker || worker.stopped) return;
  clearTimeout(worker.timer);
  worker.timer = setTimeout(() => void tick(), ms);
  worker.timer.unref();
}

async function tick() {
  const current = worker;
  if (!current || current.stopped || current.ticking) return;
  current.ticking = true;
  try {
    while (!current.stopped && current.running.size < getEnv().jobConcurrency) {
      const job = await claimJob(current.owner, Object.keys(current.handlers));
      if (!job || current.stopped) break;
      const abort = new AbortController();
      const run: Promise<void> = runClaimed(job, current.owner, current.handlers, abort, () => current.stopped)
        .catch((error: unknown) => log().error({ err: error, jobId: job.id }, "job bookkeeping failed"))
        .finally(() => {
          current.running.delete(run);
          schedule(0);
        });
      current.running.set(run, abort);
    }
  } catch (error) {
    log().error({ err: error }, "job queue: claim failed");
  } finally {
    current.ticking = false;
    schedule(IDLE_POLL_MS);
  }
}

/** Started by boot(): runs due jobs of these kinds, polling every two seconds when idle. */
export function startJobs(handlers: JobHandlers) {
  if (worker) return;
  worker = { owner: newOwner(), handlers, running: new Map(), ticking: false, stopped: false };
  schedule(0);
}

/** A job was queued by this process: look now rather than at the next poll. */
function wakeJobs() {
  if (worker && !worker.stopped) schedule(50);
}

/**
 * Called by shutdown(): no timer left (the in-process tests load several builds in one process),
 * running jobs aborted and handed back before the database closes.
 */
export async function stopJobs() {
  const current = worker;
  if (!current) return;
  current.stopped = true;
  clearTimeout(current.timer);
  for (const abort of current.running.values()) abort.abort(new Error("server stopping"));
  await Promise.all(current.running.keys());
  worker = undefined;
}

/**
 * Runs due jobs in this call until none is left (the demo seed, scripts, tests): the same claim and
 * bookkeeping as the background worker. Answers how many ran.
 */
export async function runJobsUntilIdle(handlers: JobHandlers): Promise<number> {
  const owner = newOwner();
  let ran = 0;
  for (let job = await claimJob(owner, Object.keys(handlers)); job; job = await claimJob(owner, Object.keys(handlers))) {
    await runClaimed(job, owner, handlers, new AbortController(), () => false);
    ran++;
  }
  return ran;
}
