import { runAsLeader } from "../storage/background-leader.server";
import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { DERIVED_ROOT, STORED_FOLDERS, isContentAddressed } from "../storage/file-store.server";
import { fileStore } from "../storage/storage.server";
import { removeUnreferenced } from "../storage/stored-files.server";
import { cleanupAbandonedUploads } from "./uploads.server";
import { purgeOldMessages } from "./contact-inbox.server";
import { purgeUnconfirmedSignups } from "./newsletter.server";
import { pruneRevisions } from "./revisions.server";
import { purgeExpiredRateLimits } from "./rate-limit.server";
import { purgeExpiredTrash } from "./trash.server";

const UNFINISHED_MAX_AGE_MS = 60 * 60 * 1000;

type JanitorReport = {
  unfinished: string[];
  tempUploads: string[];
  orphans: string[];
  derived: string[];
  oldMessages: number;
  trashPurged: number;
  revisionsPruned: number;
  rateLimitsPurged: number;
  unconfirmedSignups: number;
};

/**
 * The one clean-up of stored files, at start and every hour (JANITOR_EVERY_S): what a crash or a refused request
 * can leave behind. Logs what it removed.
 * - unfinished writes (`.part` files anywhere in the store, the edge's streamed parts included):
 *   at start every one (no upload is live yet, and one server holds DATA_DIR), later those begun
 *   more than an hour ago (no request lasts that long: server.mjs's request timeout);
 * - temporary uploads older than their TTL (rows and files, uploads.server.ts);
 * - stored files that no row counts (StoredFile, stored-files.server.ts): a save killed between
 *   storing its files and committing;
 * - derived files (image variants) whose source is gone;
 * - contact messages older than CONTACT_RETENTION_DAYS (contact-inbox.server.ts);
 * - rate-limit windows that are over (rate-limit.server.ts);
 * - newsletter sign-ups never confirmed within 7 days (newsletter.server.ts);
 * - trash entries deleted more than 30 days ago, and revisions older than REVISION_KEEP_DAYS but
 *   the last 20 of each item, with the files only they kept (trash.server.ts, revisions.server.ts).
 *   These run first, so the files they release are gone in the same run.
 * It also reads the size of files the migration counted without one.
 */
export async function runJanitor(now = Date.now(), { atStart = false } = {}): Promise<JanitorReport> {
  const store = fileStore();
  const unfinished = await store.sweepUnfinished(new Date(atStart ? now + 1 : now - UNFINISHED_MAX_AGE_MS));
  const tempUploads = await cleanupAbandonedUploads(undefined, now);
  const trashPurged = await purgeExpiredTrash(now);
  const revisionsPruned = await pruneRevisions(now);

  const counted = new Set((await db.storedFile.findMany({ where: { refCount: { gt: 0 } }, select: { key: true } })).map((row) => row.key));
  const candidates: string[] = [];
  for (const folder of STORED_FOLDERS) {
    for await (const file of store.list(`${folder}/`)) if (isContentAddressed(file.key) && !counted.has(file.key)) candidates.push(file.key);
  }
  // Checked again one by one under the write lock: a save may count a candidate meanwhile.
  const orphans = await removeUnreferenced(candidates);

  const derived: string[] = [];
  const sources = new Map<string, boolean>();
  for await (const file of store.list(`${DERIVED_ROOT}/`)) {
    const source = file.key.split("/").slice(1, -1).join("/");
    if (!sources.has(source)) sources.set(source, await store.exists(source));
    if (!sources.get(source)) {
      await store.delete(file.key);
      derived.push(file.key);
    }
  }

  for (const row of await db.storedFile.findMany({ where: { size: null }, select: { key: true } })) {
    const stat = await store.stat(row.key);
    if (stat) await db.storedFile.update({ where: { key: row.key }, data: { size: stat.size }, select: { key: true } });
  }

  const oldMessages = await purgeOldMessages(now);
  const rateLimitsPurged = await purgeExpiredRateLimits(new Date(now));
  const unconfirmedSignups = await purgeUnconfirmedSignups(now);

  const report = { unfinished, tempUploads, orphans, derived, oldMessages, trashPurged, revisionsPruned, rateLimitsPurged, unconfirmedSignups };
  const removed = oldMessages + trashPurged + revisionsPruned + rateLimitsPurged + unconfirmedSignups;
  if (unfinished.length + tempUploads.length + orphans.length + derived.length + removed > 0) {
    log().info({ janitor: report }, "janitor");
  }
  return report;
}

let timer: NodeJS.Timeout | undefined;

/**
 * At boot: one run before the server listens, then one every JANITOR_EVERY_S (an hour). With several
 * instances on PostgreSQL only the background leader runs it (storage/background-leader.server.ts);
 * every instance still sweeps its own unfinished local writes (UPLOADS_DIR/tmp, staging), which no
 * other instance sees.
 */
export async function startJanitor() {
  if (timer) return;
  const run = async (atStart = false) => {
    try {
      const now = Date.now();
      const ran = await runAsLeader("janitor", () => runJanitor(now, { atStart }));
      if (!ran) await fileStore().sweepUnfinished(new Date(atStart ? now + 1 : now - UNFINISHED_MAX_AGE_MS));
    } catch (error) {
      log().error({ err: error }, "janitor failed");
    }
  };
  await run(true);
  timer = setInterval(() => void run(), getEnv().janitorEveryMs);
  timer.unref();
}

/** Called by shutdown(): no run after the server stopped. */
export function stopJanitor() {
  clearInterval(timer);
  timer = undefined;
}
