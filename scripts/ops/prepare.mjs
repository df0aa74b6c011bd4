// The steps every entry point (npm start, user:create, the test servers) runs before opening the
// database: a writable DATA_DIR, then the pending migrations, with an automatic backup first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createBackup, sha256 } from "./backup.mjs";
import { applyPendingMigrations } from "./migrations.mjs";
import { PRIVATE_DIR_MODE, restrictDataDirModes } from "../../core/private-modes.mjs";

/** A folder the site cannot use: one line saying which, for which user, and the command that fixes it. */
export class FolderError extends Error {
  /** @param {string} message @param {Record<string, unknown>} fields */
  constructor(message, fields) {
    super(message);
    this.name = "FolderError";
    this.fields = fields;
  }
}

/**
 * Throws FolderError when `folder` cannot be created or written (a root-owned volume, typically).
 * @param {string} variable the setting that names it @param {string} folder
 */
export function assertWritable(variable, folder) {
  try {
    fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
    const probe = path.join(folder, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    const { uid, gid, username } = os.userInfo();
    const code = /** @type {{code?: string}} */ (error).code ?? String(error);
    throw new FolderError(`${variable} ${folder} is not writable by user ${username} (uid ${uid}, gid ${gid}): ${code}`, {
      variable,
      folder,
      fix: `give the folder to this user: sudo chown -R ${uid}:${gid} ${folder} (a docker volume: docker run --rm -v VOLUME:${folder} --user root IMAGE chown -R ${uid}:${gid} ${folder})`,
    });
  }
}

/**
 * Before anything else opens DATA_DIR: it and the uploads folder must be writable, and what an older
 * release left readable by other users is made private (the database, the session secret, archives:
 * private-modes.mjs).
 * @param {ReturnType<typeof import("../../core/config.mjs").dataPaths>} paths @param {import("pino").Logger} log
 */
export function prepareDataDir(paths, log) {
  assertWritable("DATA_DIR", paths.dataDir);
  assertWritable("UPLOADS_DIR", paths.uploadsDir);
  for (const problem of restrictDataDirModes(paths)) log.warn({ problem }, "file mode not restricted to 0600/0700");
}

/**
 * The state of a database, as a hash of its file once the WAL is folded in: two starts that find the
 * same hash find the same data. Called with the DATA_DIR lock held and the server not running.
 * @param {string} databaseFile
 */
export function databaseFingerprint(databaseFile) {
  const db = new Database(databaseFile, { fileMustExist: true, timeout: 5000 });
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return sha256(databaseFile).slice(0, 16);
}

/**
 * The pre-migrate archive already taken of this database state, if any: its name ends with the
 * fingerprint (createBackup's `tag`).
 * @param {string} backupsDir @param {string} fingerprint
 */
function preMigrateBackupOf(backupsDir, fingerprint) {
  if (!fs.existsSync(backupsDir)) return null;
  const name = fs
    .readdirSync(backupsDir)
    .filter((n) => n.startsWith("pre-migrate-") && n.endsWith(`-${fingerprint}.tar.gz`))
    .sort()
    .at(-1);
  return name ? path.join(backupsDir, name) : null;
}

/**
 * Applies the pending migrations, with a backup of the database first. A start that failed (a broken
 * migration leaves the database as it was) and is tried again finds its own backup of the same state
 * and takes no other: a restart loop must not rotate the good archives away.
 * @param {ReturnType<typeof import("../../core/config.mjs").dataPaths>} paths @param {import("pino").Logger} log
 */
export async function migrateDatabase(paths, log) {
  return applyPendingMigrations({
    databaseFile: paths.databaseFile,
    // PostgreSQL: migrated under an advisory lock; no automatic backup in that mode yet (docs/scaling.md).
    databaseUrl: paths.databaseUrl,
    migrationsDir: paths.migrationsDir,
    log,
    beforeApply: async (pending) => {
      const fingerprint = databaseFingerprint(paths.databaseFile);
      const existing = preMigrateBackupOf(paths.backupsDir, fingerprint);
      if (existing) {
        log.info({ pending, archive: existing }, "pre-migrate backup of this database state already taken");
        return;
      }
      log.info({ pending }, "migrations pending: taking a backup first");
      const { archive } = await createBackup(paths, { kind: "pre-migrate", tag: fingerprint });
      log.info({ archive }, "pre-migrate backup written");
    },
  });
}
