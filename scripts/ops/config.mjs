// Where the data lives, resolved exactly as app/server/platform/env.server.ts does (the operations scripts run
// outside the app build, with runtime dependencies only, so they cannot import it).
import path from "node:path";

/** @param {NodeJS.ProcessEnv} [env] */
export function dataPaths(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || "data");
  const databaseUrl = env.DATABASE_URL || `file:${path.join(dataDir, "app.db")}`;
  if (!databaseUrl.startsWith("file:")) {
    throw new Error("DATABASE_URL deve essere un percorso file: di SQLite (es. file:/data/app.db)");
  }
  return {
    dataDir,
    databaseFile: path.resolve(databaseUrl.slice("file:".length)),
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, "uploads")),
    /** Operator-edited content files (content/data/<name>.json overrides), see content.server.ts. */
    contentDir: path.join(dataDir, "content"),
    secretFile: path.join(dataDir, "session-secret"),
    backupsDir: path.join(dataDir, "backups"),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR || path.join("prisma", "migrations")),
    backupKeep: Math.max(1, Number.parseInt(env.BACKUP_KEEP || "10", 10) || 10),
  };
}

/**
 * How the server and the scripts that load the build find it: BUILD_DIR (default build/), and whether
 * `npm start` first rebuilds a stale one (BUILD_CHECK=0: tests build once and start many servers).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function buildSettings(env = process.env) {
  return { buildDir: path.resolve(env.BUILD_DIR || "build"), checkBuild: env.BUILD_CHECK !== "0" };
}

/**
 * The environment of the server process `npm start` runs: this one's, in production mode unless
 * NODE_ENV says otherwise.
 */
export function serverProcessEnv(env = process.env) {
  return { NODE_ENV: "production", ...env };
}

/**
 * The staff account the api/ client demo signs in with when none is given on its command line
 * (the one the demo content creates: ADMIN_USERNAME, ADMIN_PASSWORD).
 */
export function demoStaffAccount(env = process.env) {
  return { username: env.ADMIN_USERNAME ?? "admin", password: env.ADMIN_PASSWORD ?? "" };
}

/**
 * The variables that put a server or a test process on a data folder of its own (the database and
 * the uploads inside it), for test and benchmark harnesses.
 * @param {string} dataDir
 */
export function dataDirEnv(dataDir) {
  return { DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "app.db")}`, UPLOADS_DIR: path.join(dataDir, "uploads") };
}

/** The files SQLite keeps beside a database: stale ones must go when the database is replaced. */
export const SQLITE_SIDE_FILES = ["-wal", "-shm", "-journal"];
