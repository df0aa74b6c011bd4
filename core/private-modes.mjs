// The data folder holds credentials (session-secret; app.db and every archive hold the staff users'
// password hashes and sessions): only the server's user may read it. New files get 0600 and folders
// 0700 from the umask every entry point sets first (`process.umask(0o077)` in scripts/start.mjs,
// server.mjs and the operator's scripts), which covers what SQLite, tar and the request edge create
// too; this tightens what an older release left 0644/0755, at every start and after a restore.
import fs from "node:fs";
import path from "node:path";
import { SQLITE_SIDE_FILES } from "./config.mjs";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Gives DATA_DIR, uploads/ and backups/ 0700, and the database (with its SQLite side files), the
 * session secret and every archive 0600. Files inside uploads/ keep their mode: their folder already
 * keeps other users out. A mode that cannot be changed (a file owned by another user, a file system
 * without modes) is reported, not fatal: the site must still start.
 * @param {ReturnType<typeof import("./config.mjs").dataPaths>} paths
 * @returns {string[]} the files whose mode could not be changed, with why
 */
export function restrictDataDirModes(paths) {
  const backups = fs.existsSync(paths.backupsDir)
    ? fs
        .readdirSync(paths.backupsDir)
        .filter((name) => name.endsWith(".tar.gz"))
        .map((name) => path.join(paths.backupsDir, name))
    : [];
  /** @type {[string, number][]} */
  const wanted = [
    [paths.dataDir, PRIVATE_DIR_MODE],
    [paths.uploadsDir, PRIVATE_DIR_MODE],
    [paths.backupsDir, PRIVATE_DIR_MODE],
    ...["", ...SQLITE_SIDE_FILES].map((suffix) => /** @type {[string, number]} */ ([paths.databaseFile + suffix, PRIVATE_FILE_MODE])),
    [paths.secretFile, PRIVATE_FILE_MODE],
    ...backups.map((file) => /** @type {[string, number]} */ ([file, PRIVATE_FILE_MODE])),
  ];
  const failed = [];
  for (const [file, mode] of wanted) {
    try {
      if ((fs.statSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
    } catch (error) {
      const code = /** @type {{code?: string}} */ (error).code;
      if (code !== "ENOENT") failed.push(`${file}: ${code ?? String(error)}`);
    }
  }
  return failed;
}
