// One process at a time owns DATA_DIR: the running server (held by scripts/start.mjs for its whole
// life) or a restore. The lock is an exclusive SQLite lock on DATA_DIR/.server.lock: the operating
// system drops it when the holder dies (kill -9, container crash), so a stale lock cannot block a
// restore, unlike a bare pid file. DATA_DIR/server.pid only says who holds it, for the message.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export class DataDirBusyError extends Error {
  /** @param {string} dataDir @param {{pid?: number, role?: string, startedAt?: string} | null} holder */
  constructor(dataDir, holder) {
    const who = holder?.pid ? `${holder.role === "restore" ? "a restore" : "the server"} (pid ${holder.pid}, started ${holder.startedAt})` : "another process";
    super(`${dataDir} is in use by ${who}: stop it first`);
    // The command that stops it, for the one log line this error becomes (core/log.mjs failureFields).
    this.fields = {
      fix:
        `npm start: Ctrl+C in its terminal or kill ${holder?.pid ?? "PID"}; a container: docker stop NAME, then run the command ` +
        "in a one-off container on the same volume (docker run --rm -v VOLUME:/data IMAGE npm run restore -- /data/backups/ARCHIVE.tar.gz)",
    };
    this.name = "DataDirBusyError";
    this.holder = holder;
  }
}

/**
 * Takes the DATA_DIR lock or throws DataDirBusyError. Keep the returned handle referenced for as
 * long as the lock must be held; release() (or the process ending) frees it.
 * @param {string} dataDir @param {"server" | "restore"} role
 */
export function acquireDataDirLock(dataDir, role) {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, ".server.lock");
  const pidFile = path.join(dataDir, "server.pid");
  const db = new Database(lockFile, { timeout: 0 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    db.close();
    if (/** @type {{code?: string}} */ (error).code === "SQLITE_BUSY") throw new DataDirBusyError(dataDir, readHolder(pidFile));
    throw error;
  }
  fs.writeFileSync(pidFile, JSON.stringify({ pid: process.pid, role, startedAt: new Date().toISOString() }) + "\n");
  return {
    release() {
      if (!db.open) return;
      try {
        fs.rmSync(pidFile, { force: true });
        db.exec("ROLLBACK");
      } finally {
        db.close();
      }
    },
  };
}

/** @param {string} pidFile */
function readHolder(pidFile) {
  try {
    return JSON.parse(fs.readFileSync(pidFile, "utf8"));
  } catch {
    return null;
  }
}
