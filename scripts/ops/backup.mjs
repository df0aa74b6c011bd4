// One archive (tar.gz, made with the system tar) holds everything a site needs to come back:
//   app.db          a consistent copy taken with SQLite's online backup API while the site serves
//   uploads/        the uploaded files, working files left out (UPLOADS_WORK_DIR, unfinished writes)
//   session-secret  so staff sessions and signed cookies survive a restore
//   content/        the operator's edited content files (DATA_DIR/content), when there are any
//   manifest.json   sha256 and size of every file, the migration level and the row counts
// On PostgreSQL (DATABASE_URL postgres://) the database is `database.dump` (pg_dump --format=custom) instead
// of app.db, and no uploads: the objects stay in the bucket (or UPLOADS_DIR); the manifest lists every key
// the database references and whether the store had each one (scripts/ops/pg-backup.mjs, ADR 032).
import { Buffer } from "node:buffer";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { SQLITE_SIDE_FILES, UNFINISHED_SUFFIX, UPLOADS_WORK_DIR } from "../../core/config.mjs";
import { diskRoom, megabytes } from "../../core/disk.mjs";
import { acquireDataDirLock } from "./lock.mjs";
import { BackupError } from "./backup-error.mjs";
import { checkObjects, dumpPostgres, postgresDatabaseBytes, postgresHasTables, restorePostgres } from "./pg-backup.mjs";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, restrictDataDirModes } from "../../core/private-modes.mjs";

export const MANIFEST = "manifest.json";
/** The PostgreSQL database in an archive (pg_dump's custom format). */
const PG_DUMP = "database.dump";
const FORMAT = 1;

/** What a backup reads of the configuration: the data paths, and for PostgreSQL the object store's settings. */
/** @typedef {ReturnType<typeof import("../../core/config.mjs").dataPaths> & {s3?: import("../../core/config.mjs").S3Settings}} BackupPaths */

/** @param {string} file */
export function sha256(file) {
  const hash = crypto.createHash("sha256");
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    let read;
    while ((read = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest("hex");
}

/** Every regular file under dir, as paths relative to it (symbolic links are not followed). @param {string} dir */
function listFiles(dir, prefix = "") {
  /** @type {string[]} */
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/**
 * The uploads a backup holds: every file but the working ones (core/config.mjs), which the site may
 * be writing while the backup reads them (a transcode's MP3, an upload arriving) and are nobody's
 * once the site restarts.
 * @param {string} uploadsDir
 */
function uploadedFiles(uploadsDir) {
  return listFiles(uploadsDir).filter((rel) => rel.split(path.sep)[0] !== UPLOADS_WORK_DIR && !rel.endsWith(UNFINISHED_SUFFIX));
}

/**
 * Hard-links (or copies, across file systems) the uploads of `from` into `to`. A hard link is taken
 * instantly and keeps the file's bytes even if the site deletes the file a moment later.
 * @param {string} from @param {string} to
 */
function snapshotUploads(from, to) {
  for (const rel of uploadedFiles(from)) {
    const target = path.join(to, rel);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.linkSync(path.join(from, rel), target);
    } catch (error) {
      const code = /** @type {{code?: string}} */ (error).code;
      if (code === "ENOENT") continue; // deleted meanwhile
      if (code === "EXDEV" || code === "EPERM") fs.copyFileSync(path.join(from, rel), target);
      else throw error;
    }
  }
}

/** @param {string} databaseFile */
function describeDatabase(databaseFile) {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const tables = /** @type {{name: string}[]} */ (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all()
    );
    /** @type {Record<string, number>} */
    const rows = {};
    for (const { name } of tables) rows[name] = /** @type {{n: number}} */ (db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get()).n;
    const migrations = tables.some((t) => t.name === "_prisma_migrations")
      ? /** @type {{migration_name: string}[]} */ (
          db.prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name").all()
        ).map((r) => r.migration_name)
      : [];
    const integrity = /** @type {{integrity_check: string}[]} */ (db.pragma("integrity_check")).map((r) => r.integrity_check).join("; ");
    return { rows, migrations, integrity };
  } finally {
    db.close();
  }
}

/** Bytes of these files under `dir`. @param {string} dir @param {string[]} files */
function filesBytes(dir, files) {
  return files.reduce((sum, rel) => sum + (fs.statSync(path.join(dir, rel), { throwIfNoEntry: false })?.size ?? 0), 0);
}

/** Bytes of the regular files under `dir` (0 when it does not exist). @param {string} dir */
const folderBytes = (dir) => filesBytes(dir, listFiles(dir));

/** @param {string} file */
const fileBytes = (file) => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;

/** @param {string} a @param {string} b */
const sameDisk = (a, b) => fs.statSync(a).dev === fs.statSync(b).dev;

/**
 * Refuses (BackupError) a backup that would take a disk below its free-space floor (core/disk.mjs),
 * before anything is written. What it writes, at most: the copy of the database in the staging
 * folder, the uploads too when they are on another disk than backups/ (elsewhere they are
 * hard-linked), and the archive: the database, the uploads and the content files (gzip never grows
 * them by more than a fraction of a percent; 1 % and 1 MB are added for tar's headers). Then, the
 * staging folder gone, the archive is read back into backups/ (everything in it) and checked.
 * @param {BackupPaths} paths @param {string} archiveDir
 */
async function checkRoom(paths, archiveDir) {
  const postgres = paths.database === "postgresql";
  // PostgreSQL: its size on disk is more than its dump (compressed, no indexes); no uploads are copied.
  const database = postgres
    ? await postgresDatabaseBytes(paths.databaseUrl)
    : ["", "-wal"].reduce((sum, suffix) => sum + fileBytes(paths.databaseFile + suffix), 0);
  const uploads = postgres ? 0 : filesBytes(paths.uploadsDir, uploadedFiles(paths.uploadsDir));
  const rest = folderBytes(paths.contentDir) + fileBytes(paths.secretFile);
  const archive = Math.ceil((database + uploads + rest) * 1.01) + 1024 * 1024;
  const staging = database + rest + (uploads > 0 && !sameDisk(paths.uploadsDir, paths.backupsDir) ? uploads : 0);
  // backups/ holds the staging folder while the archive is written, then what the archive reads back as.
  const work = Math.max(staging, database + uploads + rest);
  /** @type {[string, number][]} */
  const needs = sameDisk(archiveDir, paths.backupsDir)
    ? [[paths.backupsDir, work + archive]]
    : [
        [paths.backupsDir, work],
        [archiveDir, archive],
      ];
  for (const [folder, bytes] of needs) {
    const { freeBytes, floorBytes } = diskRoom(folder, paths.minFreeDiskBytes);
    if (freeBytes - bytes < floorBytes) {
      throw new BackupError(
        `not enough free space in ${folder}: the backup needs about ${megabytes(bytes)} MB, ${megabytes(freeBytes)} MB are free and ${megabytes(floorBytes)} MB must stay free (MIN_FREE_DISK_MB); free some space or write the archive to another disk (npm run backup -- /other/disk/site.tar.gz)`,
        { folder, neededMb: megabytes(bytes), freeMb: megabytes(freeBytes), floorMb: megabytes(floorBytes) },
      );
    }
  }
}

/**
 * What an interrupted backup (a signal, a crash, a full disk) left in `dir`: its staging folders and
 * `.partial` archives. Only one backup runs at a time per data folder in practice (the operator's, or
 * the start's before it migrates), so anything there is a leftover.
 * @param {string} dir
 */
function removeLeftovers(dir) {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(".staging-") || name.startsWith(".read-back-") || name.endsWith(".tar.gz.partial"))
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/** @param {string[]} args @param {number | "ignore"} [stdout] where tar writes its output (an archive made with -f -) */
function tar(args, stdout = "ignore") {
  const result = spawnSync("tar", args, { encoding: "utf8", stdio: ["ignore", stdout, "pipe"] });
  if (result.error) throw new BackupError(`tar is not available: ${result.error.message}`);
  if (result.status !== 0) throw new BackupError(`tar ${args[0]} failed: ${result.stderr.trim().split("\n").join(" ")}`);
}

/**
 * Packs `folder` into `archive` (tar.gz). The file is opened here with 0600, whatever the caller's
 * umask: it holds the session secret and the database.
 * @param {string} folder @param {string} archive
 */
function packArchive(folder, archive) {
  fs.rmSync(archive, { force: true });
  const out = fs.openSync(archive, "wx", PRIVATE_FILE_MODE);
  try {
    tar(["-czf", "-", "-C", folder, "."], out);
  } catch (error) {
    fs.rmSync(archive, { force: true });
    throw error;
  } finally {
    fs.closeSync(out);
  }
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/** Keeps the newest `keep` archives of one kind (manual and pre-migrate are counted apart). */
function prune(/** @type {string} */ backupsDir, /** @type {string} */ kind, /** @type {number} */ keep) {
  const archives = fs
    .readdirSync(backupsDir)
    .filter((n) => n.startsWith(`${kind}-`) && n.endsWith(".tar.gz"))
    .sort();
  for (const name of archives.slice(0, Math.max(0, archives.length - keep))) fs.rmSync(path.join(backupsDir, name), { force: true });
}

/**
 * Makes one archive. Safe while the server runs: nothing is locked and the site keeps serving.
 * Refused before writing anything when the disk would go below its floor; on any failure nothing is
 * left behind (no staging folder, no `.partial` archive), and a leftover of an earlier interrupted
 * backup is removed first.
 * @param {BackupPaths} paths
 * @param {{target?: string, kind?: "backup" | "pre-migrate" | "pre-restore", tag?: string}} [options]
 * `tag` ends the archive's name (the pre-migrate backups: the database's fingerprint).
 * @returns {Promise<{archive: string, manifest: any}>}
 */
export async function createBackup(paths, { target, kind = "backup", tag } = {}) {
  const postgres = paths.database === "postgresql";
  fs.mkdirSync(paths.backupsDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const archive = path.resolve(target ?? path.join(paths.backupsDir, `${kind}-${stamp()}${tag ? `-${tag}` : ""}.tar.gz`));
  fs.mkdirSync(path.dirname(archive), { recursive: true, mode: PRIVATE_DIR_MODE });
  removeLeftovers(paths.backupsDir);
  removeLeftovers(path.dirname(archive));
  await checkRoom(paths, path.dirname(archive));
  const staging = fs.mkdtempSync(path.join(paths.backupsDir, ".staging-"));
  const partial = `${archive}.partial`;
  try {
    const createdAt = new Date().toISOString();
    let database = null;
    /** PostgreSQL: the objects the dumped rows reference, and which of them the store lacks. */
    let objects = null;
    if (postgres) {
      const dumped = await dumpPostgres(paths.databaseUrl, path.join(staging, PG_DUMP));
      database = dumped.database;
      objects = { ...(await checkObjects(paths, dumped.keys)), keys: dumped.keys };
    } else {
      // Uploads before AND after the database copy: a file added meanwhile is in the second pass, one
      // deleted meanwhile in the first, so every file the copied rows reference is in the archive.
      snapshotUploads(paths.uploadsDir, path.join(staging, "uploads"));
      if (fs.existsSync(paths.databaseFile)) {
        const source = new Database(paths.databaseFile, { timeout: 5000, fileMustExist: true });
        try {
          await source.backup(path.join(staging, "app.db"));
        } finally {
          source.close();
        }
        database = describeDatabase(path.join(staging, "app.db"));
      }
      snapshotUploads(paths.uploadsDir, path.join(staging, "uploads"));
      fs.mkdirSync(path.join(staging, "uploads"), { recursive: true });
    }
    if (fs.existsSync(paths.secretFile)) fs.copyFileSync(paths.secretFile, path.join(staging, "session-secret"));
    if (fs.existsSync(paths.contentDir)) fs.cpSync(paths.contentDir, path.join(staging, "content"), { recursive: true });

    const files = listFiles(staging)
      .sort()
      .map((rel) => ({ path: rel.split(path.sep).join("/"), size: fs.statSync(path.join(staging, rel)).size, sha256: sha256(path.join(staging, rel)) }));
    const manifest = {
      format: FORMAT,
      kind,
      createdAt,
      migrationLevel: database?.migrations.at(-1) ?? null,
      migrations: database?.migrations ?? [],
      rows: database?.rows ?? {},
      files,
      // An archive whose database references objects the store lacked (or could not be asked for) is
      // kept, but says so: `npm run backup` reports the keys and exits 1.
      ...(objects ? { database: "postgresql", complete: objects.missing.length === 0 && objects.unchecked.length === 0, objects } : { database: "sqlite" }),
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");

    packArchive(staging, partial);
    fs.rmSync(staging, { recursive: true, force: true });
    readBack(paths.backupsDir, partial);
    fs.renameSync(partial, archive);
    if (!target) prune(paths.backupsDir, kind, paths.backupKeep);
    return { archive, manifest };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    const code = /** @type {{code?: string}} */ (error).code;
    if (code === "ENOSPC" || code === "SQLITE_FULL" || /No space left/i.test(String(error))) {
      throw new BackupError(`the disk filled up while the backup was written; the partial archive was removed`, { archive });
    }
    throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A backup is reported written only once its archive reads back as restore reads it: unpacked into a
 * folder of its own and checked by `verifyArchive`. A file that changed between its checksum and tar,
 * or a database that fails its integrity check, would otherwise be found only by the restore that
 * needs the archive.
 * @param {string} backupsDir @param {string} archive
 */
function readBack(backupsDir, archive) {
  const into = fs.mkdtempSync(path.join(backupsDir, ".read-back-"));
  try {
    verifyArchive(archive, into, "the archive was removed");
  } finally {
    fs.rmSync(into, { recursive: true, force: true });
  }
}

/**
 * Unpacks and checks an archive (checksums, PRAGMA integrity_check) without touching DATA_DIR: restore
 * before it replaces anything, and every backup before it says it is written. `outcome` ends the
 * refusal's reason: what became of the restore or the backup.
 * @param {string} archive @param {string} into
 */
export function verifyArchive(archive, into, outcome = "nothing was restored") {
  if (!fs.existsSync(archive)) throw new BackupError(`archive not found: ${archive}`);
  tar(["-xzf", archive, "-C", into, "--no-same-owner"]);
  const manifestFile = path.join(into, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new BackupError(`${archive} is not a backup of this site (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  if (manifest.format !== FORMAT) throw new BackupError(`backup format ${manifest.format} is not supported (expected ${FORMAT})`);
  const problems = [];
  for (const file of manifest.files) {
    const full = path.join(into, file.path);
    if (!fs.existsSync(full)) problems.push(`missing ${file.path}`);
    else if (sha256(full) !== file.sha256) problems.push(`checksum differs: ${file.path}`);
  }
  const listed = new Set(manifest.files.map((/** @type {{path: string}} */ f) => f.path));
  for (const rel of listFiles(into)) {
    const posix = rel.split(path.sep).join("/");
    if (posix !== MANIFEST && !listed.has(posix)) problems.push(`not in the manifest: ${posix}`);
  }
  if (problems.length) throw new BackupError(`the archive is damaged: ${outcome}`, { problems: problems.slice(0, 20) });
  const database = fs.existsSync(path.join(into, "app.db")) ? describeDatabase(path.join(into, "app.db")) : null;
  if (database && database.integrity !== "ok")
    throw new BackupError(`the database fails PRAGMA integrity_check: ${outcome}`, { integrity: database.integrity });
  return { manifest, database };
}

/** Moves a file or folder into place (rename, or copy across file systems). @param {string} from @param {string} to */
function moveInto(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if (/** @type {{code?: string}} */ (error).code !== "EXDEV") throw error;
    fs.cpSync(from, to, { recursive: true });
  }
}

/**
 * Restores an archive into DATA_DIR. Refuses (DataDirBusyError) while a server holds DATA_DIR.
 * @param {BackupPaths} paths @param {string} archive
 */
export async function restoreBackup(paths, archive) {
  if (paths.database === "postgresql") return restorePostgresBackup(paths, archive);
  const lock = acquireDataDirLock(paths.dataDir, "restore");
  const unpacked = fs.mkdtempSync(path.join(paths.dataDir, ".restore-"));
  try {
    const { manifest, database } = verifyArchive(path.resolve(archive), unpacked);
    refuseOtherDatabase(manifest, "sqlite");
    // The data being replaced is kept too, unless there is none (a wiped folder).
    let previous = null;
    if (fs.existsSync(paths.databaseFile)) previous = (await createBackup(paths, { kind: "pre-restore" })).archive;

    for (const suffix of ["", ...SQLITE_SIDE_FILES]) fs.rmSync(paths.databaseFile + suffix, { force: true });
    if (fs.existsSync(path.join(unpacked, "app.db"))) moveInto(path.join(unpacked, "app.db"), paths.databaseFile);
    moveInto(path.join(unpacked, "uploads"), paths.uploadsDir);
    if (fs.existsSync(path.join(unpacked, "session-secret"))) fs.copyFileSync(path.join(unpacked, "session-secret"), paths.secretFile);
    if (fs.existsSync(path.join(unpacked, "content"))) moveInto(path.join(unpacked, "content"), paths.contentDir);
    else fs.rmSync(paths.contentDir, { recursive: true, force: true });
    // An archive of an older release holds 0644 files (and tar run as root keeps them): private again.
    // What cannot be changed is reported by the next start (prepareDataDir).
    restrictDataDirModes(paths);
    return { manifest, database, previous };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
    lock.release();
  }
}

/**
 * An archive holds one kind of database: a SQLite file cannot go into PostgreSQL nor a dump into a
 * SQLite site (archives of earlier releases say nothing: SQLite).
 * @param {{database?: string}} manifest @param {"sqlite" | "postgresql"} site
 */
function refuseOtherDatabase(manifest, site) {
  const held = manifest.database ?? "sqlite";
  if (held !== site) {
    const names = { sqlite: "SQLite", postgresql: "PostgreSQL" };
    throw new BackupError(`this archive holds a ${names[held] ?? held} database and this site runs on ${names[site]}: nothing was restored`);
  }
}

/**
 * PostgreSQL: checks the archive, keeps a pre-restore backup of the database being replaced (when it
 * holds tables), restores the dump (scripts/ops/pg-backup.mjs: refused while an instance is connected)
 * and the content files, then checks the manifest's object keys against the store.
 * @param {BackupPaths} paths @param {string} archive
 */
async function restorePostgresBackup(paths, archive) {
  fs.mkdirSync(paths.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const unpacked = fs.mkdtempSync(path.join(paths.dataDir, ".restore-"));
  try {
    const { manifest } = verifyArchive(path.resolve(archive), unpacked);
    refuseOtherDatabase(manifest, "postgresql");
    let previous = null;
    if (await postgresHasTables(paths.databaseUrl)) previous = (await createBackup(paths, { kind: "pre-restore" })).archive;
    const database = await restorePostgres(paths.databaseUrl, path.join(unpacked, PG_DUMP));
    if (fs.existsSync(path.join(unpacked, "content"))) moveInto(path.join(unpacked, "content"), paths.contentDir);
    else fs.rmSync(paths.contentDir, { recursive: true, force: true });
    const objects = await checkObjects(paths, manifest.objects?.keys ?? []);
    return { manifest, database, previous, objects };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}
