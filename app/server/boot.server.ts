import { startContactDelivery } from "./contact.server";
import { configureDatabase, disconnectDatabase } from "./db.server";
import { removeLiveParts } from "./http/body.server";
import { getEnv } from "./env.server";
import { log } from "./log.server";
import { startJanitor } from "./janitor.server";
import { ensureContentImages, isDatabaseEmpty, seedDemoContent } from "./seed.server";
import { backfillTrackDurations } from "./track-durations.server";
import { ensureAdminUser } from "./users.server";

/**
 * Runs once when the server starts, after migrations: database settings, the staff user,
 * the demo content on an empty database, the generated content images.
 */
export async function boot() {
  const env = getEnv();
  await configureDatabase();
  await ensureAdminUser({ username: env.adminUsername, password: env.adminPassword });
  if (env.seedDemo && (await isDatabaseEmpty())) {
    log().info("empty database: loading the demo content");
    await seedDemoContent();
  }
  await ensureContentImages();
  // Demo tracks and tracks stored before durations were kept.
  await backfillTrackDurations();
  startContactDelivery();
  // Before the server listens: what a crash left (orphaned files, .part files) is gone first.
  await startJanitor();
}

/**
 * Runs once when the server stops (SIGTERM), after the last request was answered or the grace
 * period ended: the .part files of uploads cut off by the stop go, then the database closes.
 */
export async function shutdown() {
  await removeLiveParts();
  await disconnectDatabase();
}
