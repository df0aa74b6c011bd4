import { startContactDelivery, stopContactDelivery } from "./server/domain/contact.server";
import { importContentFiles, isDatabaseEmpty, missingContentImages } from "./server/domain/content.server";
import { runDataRepairs } from "./server/domain/data-repairs.server";
import { startBackgroundLeader, stopBackgroundLeader } from "./server/storage/background-leader.server";
import { startContentVersionListener, stopContentVersionPoll } from "./server/storage/content-version.server";
import { configureDatabase, disconnectDatabase } from "./server/storage/db.server";
import { removeLiveParts } from "./server/http/body.server";
import { stopPageCache } from "./server/http/page-cache.server";
import { getEnv } from "./server/platform/env.server";
import { log } from "./server/platform/log.server";
import { startJanitor, stopJanitor } from "./server/domain/janitor.server";
import { startJobs, stopJobs } from "./server/domain/jobs.server";
import { NEWSLETTER_JOB_HANDLERS } from "./server/domain/newsletter-send.server";
import { JOB_HANDLERS, queueMissingStreams, sweepTranscodeWork } from "./server/domain/track-streams.server";
import { backfillTrackDurations } from "./server/domain/track-durations.server";
import { ensureAdminUser } from "./server/domain/users.server";
import { startVisitFlush, stopVisitFlush } from "./server/domain/visit-counts.server";

/**
 * Runs once when the server starts, after migrations: database settings, the staff user, the
 * content files of earlier releases imported once, the repairs migrations asked for, the demo
 * content on an empty database, the generated content images.
 */
export async function boot() {
  const env = getEnv();
  await configureDatabase();
  // PostgreSQL: another instance's content writes reach this one's caches at once (LISTEN/NOTIFY).
  await startContentVersionListener();
  await ensureAdminUser({ username: env.adminUsername, password: env.adminPassword });
  // The start that migrated (after its backup) imports the content files once; later starts find
  // every kind in the database and read no file (domain/content.server.ts, ADR 022).
  await importContentFiles();
  // What a migration asked to repair with the application's own rules (domain/data-repairs.server.ts).
  await runDataRepairs();
  // The demo code (app/demo/) is loaded only when it has work to do: it is not part of what
  // serves requests.
  if (env.seedDemo && (await isDatabaseEmpty())) {
    log().info("empty database: loading the demo content");
    const { seedDemoContent } = await import("~/demo/seed.server");
    await seedDemoContent();
  }
  const missingImages = await missingContentImages();
  if (missingImages.length > 0) {
    const { drawContentImages } = await import("~/demo/seed.server");
    await drawContentImages(missingImages);
  }
  // Demo tracks and tracks stored before durations were kept.
  await backfillTrackDurations();
  // Tracks without a stream (stored before streams existed, or just seeded) get a transcode job.
  // They run in the background once the server listens: the demo's 46 tracks take about half a
  // minute of one core, which the first start does not wait for (the masters play meanwhile).
  const queued = await queueMissingStreams();
  if (queued > 0) log().info({ masters: queued }, "track streams queued");
  // Before the periodic passes: on PostgreSQL only the instance holding the leader's lock runs them.
  await startBackgroundLeader();
  startContactDelivery();
  // Before the server listens: what a crash left (orphaned files, .part files) is gone first.
  await startJanitor();
  // The durable queue (domain/jobs.server.ts): what a stop or a crash left queued or running goes on,
  // once the half-written streams of a killed run are gone.
  await sweepTranscodeWork();
  startJobs({ ...JOB_HANDLERS, ...NEWSLETTER_JOB_HANDLERS });
  // The visit counts kept in memory are written every 10 seconds (domain/visit-counts.server.ts).
  startVisitFlush();
}

/**
 * Runs once when the server stops (SIGTERM), after the last request was answered or the grace
 * period ended: the timers boot() started stop, the .part files of uploads cut off by the stop go,
 * then the database closes.
 */
export async function shutdown() {
  stopContactDelivery();
  stopJanitor();
  await stopBackgroundLeader();
  stopPageCache();
  // The last requests' visit counts, before the database closes.
  await stopVisitFlush();
  // Running jobs are aborted and handed back (not counted as a try) while the database is open.
  await stopJobs();
  await removeLiveParts();
  stopContentVersionPoll();
  await disconnectDatabase();
}
