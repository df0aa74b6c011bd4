import pg from "pg";
import { BACKGROUND_LEADER_LOCK, LEADER_APPLICATION_PREFIX } from "../../../core/leader.mjs";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { onPostgres } from "./db.server";

/**
 * Which instance runs the periodic passes: the janitor (domain/janitor.server.ts) and the contact
 * mail's retries (domain/contact.server.ts). Both read and write shared rows and objects, so with
 * several instances on one PostgreSQL database only one runs them at a time (ADR 032):
 *
 * - On PostgreSQL each instance keeps a connection of its own (a `pg.Client`, not a pool: the lock
 *   belongs to the session) and tries `pg_try_advisory_lock(BACKGROUND_LEADER_LOCK)` on it every
 *   LEADER_RETRY_S. The holder is the leader. While it leads, the same tick checks the connection
 *   still answers. When the leader dies (even SIGKILL), its socket closes, PostgreSQL ends its
 *   session and frees the lock, and another instance takes it on its next try. When the leader's
 *   connection fails, it stops leading at once and tries again like the others.
 * - On SQLite one process holds DATA_DIR (the DATA_DIR lock npm start takes): it is always the leader.
 *
 * Two leaders can overlap for at most one LEADER_RETRY_S (a leader whose connection died unnoticed
 * until its next check): each pass is safe to repeat row by row (messages are claimed one by one,
 * files deleted only when the database count says nothing uses them).
 *
 * Transcoding jobs are not elected: every instance runs them, each job claimed by one conditional
 * UPDATE (domain/jobs.server.ts), which PostgreSQL's READ COMMITTED re-checks on the row a concurrent
 * claim just committed, so one claim wins.
 */
export class BackgroundLeader {
  /** Whether this instance holds the lock (as of its last try or check). */
  leader = false;
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private loggedUnreachable = false;

  constructor(
    private readonly settings: { databaseUrl: string; instanceId: string; retryMs: number },
    private readonly onChange: (leader: boolean) => void = () => {},
  ) {}

  /** Tries once (awaited, so a boot knows whether it leads), then every retryMs. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.attempt();
  }

  /** Ends the connection: PostgreSQL frees the lock, another instance takes it on its next try. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.drop("stopped");
  }

  private async attempt(): Promise<void> {
    try {
      if (this.leader) {
        // Still holding it: the lock lives as long as this session.
        await this.client!.query("SELECT 1");
      } else {
        this.client ??= await this.connect();
        const { rows } = await this.client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [BACKGROUND_LEADER_LOCK]);
        this.loggedUnreachable = false;
        if (rows[0]?.locked && !this.stopped) {
          this.leader = true;
          log().info({ instance: this.settings.instanceId }, "background leader");
          this.onChange(true);
        }
      }
    } catch (error) {
      if (!this.leader && !this.stopped && !this.loggedUnreachable) {
        this.loggedUnreachable = true;
        log().warn({ err: error, instance: this.settings.instanceId }, "background leader: database not reachable, trying again");
      }
      await this.drop(error);
    } finally {
      if (this.stopped) {
        // stop() came while this try was connecting: the connection it made must not outlive it.
        const late = this.client;
        this.client = undefined;
        this.leader = false;
        await late?.end().catch(() => {});
      } else {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.attempt(), this.settings.retryMs);
        this.timer.unref();
      }
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.settings.databaseUrl,
      application_name: `${LEADER_APPLICATION_PREFIX}${this.settings.instanceId}`.slice(0, 63),
      keepAlive: true,
      connectionTimeoutMillis: Math.max(2000, this.settings.retryMs),
      query_timeout: Math.max(2000, this.settings.retryMs),
    });
    // A connection the server closes (a restart, a failover, an administrator) is an 'error' event:
    // without a listener it would end the process.
    client.on("error", (error) => void this.drop(error, client));
    client.on("end", () => void this.drop("connection ended", client));
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  /** Forgets the connection (and with it the lock), logging the loss when this instance led. */
  private async drop(reason: unknown, which = this.client): Promise<void> {
    if (!which || which !== this.client) return;
    this.client = undefined;
    if (this.leader) {
      this.leader = false;
      const fields = reason instanceof Error ? { err: reason } : { reason };
      if (reason === "stopped") log().info({ instance: this.settings.instanceId, ...fields }, "background leader lost");
      else log().warn({ instance: this.settings.instanceId, ...fields }, "background leader lost");
      this.onChange(false);
    }
    await which.end().catch(() => {});
  }
}

export type BackgroundTask = "janitor" | "mail_retry";

/** Passes this instance ran, by task (/metrics: site_background_runs_total). */
const runs: Record<BackgroundTask, number> = { janitor: 0, mail_retry: 0 };

export function backgroundRuns(): Readonly<Record<BackgroundTask, number>> {
  return runs;
}

let current: BackgroundLeader | undefined;

/** Started by boot() before the periodic passes: on PostgreSQL the first try is awaited. */
export async function startBackgroundLeader(): Promise<void> {
  if (!onPostgres() || current) return;
  const { databaseUrl, instanceId, leaderRetryMs } = getEnv();
  current = new BackgroundLeader({ databaseUrl, instanceId, retryMs: leaderRetryMs });
  await current.start();
}

/** Called by shutdown(): the lock goes with the connection. */
export async function stopBackgroundLeader(): Promise<void> {
  const leader = current;
  current = undefined;
  await leader?.stop();
}

/** Whether this instance runs the periodic passes now: always on SQLite. */
export function isBackgroundLeader(): boolean {
  return !onPostgres() || (current?.leader ?? false);
}

/**
 * Runs one periodic pass of `task` when this instance leads (counted in /metrics as it starts);
 * false when it does not lead, and nothing ran.
 */
export async function runAsLeader(task: BackgroundTask, pass: () => Promise<unknown>): Promise<boolean> {
  if (!isBackgroundLeader()) return false;
  runs[task] += 1;
  await pass();
  return true;
}
