// The PostgreSQL side of `npm run backup` / `npm run restore` (scripts/ops/backup.mjs keeps the archive:
// its name, free-space check, partial-file removal and rotation). The database goes into the archive as
// one `pg_dump --format=custom` file; the objects it references (the bucket, or UPLOADS_DIR) do not:
// the manifest lists their keys and the backup checks that each one exists in the store, and so does a
// restore (docs/scaling.md, "Backups in PostgreSQL mode"; ADR 032).
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { HeadObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import pg from "pg";
import { BackupError } from "./backup-error.mjs";
import { toolProcessEnv } from "../../core/config.mjs";
import { s3ClientConfig } from "../../core/s3-client.mjs";

const run = promisify(execFile);

/**
 * Every object key the database references: the counted stored files (StoredFile, refCount > 0:
 * rows, revisions, trash and the media library) and the /media URLs of the row columns, which also name
 * the pictures of earlier releases' content (`content/...`) that are not counted.
 */
const REFERENCED_KEYS_SQL = `
SELECT key FROM "StoredFile" WHERE "refCount" > 0
UNION
SELECT substr(url, length('/media/') + 1) FROM (
  SELECT img AS url FROM "Music"
  UNION ALL SELECT image FROM "News"
  UNION ALL SELECT image FROM "Event"
  UNION ALL SELECT url FROM "NewsAttachment"
  UNION ALL SELECT url FROM "MusicTrack"
  UNION ALL SELECT "streamUrl" FROM "MusicTrack"
  UNION ALL SELECT "peaksUrl" FROM "MusicTrack"
) AS urls WHERE url LIKE '/media/%'
UNION
SELECT key FROM "MediaImage"
ORDER BY 1`;

/** Connections of running instances (their leader and content listener name themselves "site ..."). */
const INSTANCES_SQL = `SELECT DISTINCT application_name FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'site %' ORDER BY 1`;

/**
 * pg_dump's and pg_restore's --dbname and environment for DATABASE_URL: the password goes in
 * PGPASSWORD, not in the arguments, which every user of the machine can read (ps).
 * @param {string} databaseUrl
 */
function libpq(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: toolProcessEnv(password ? { PGPASSWORD: password } : {}) };
}

/** @param {"pg_dump" | "pg_restore"} tool @param {string[]} args @param {NodeJS.ProcessEnv} env */
async function runTool(tool, args, env) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = /** @type {{code?: string | number, stderr?: string}} */ (error);
    if (failure.code === "ENOENT") {
      throw new BackupError(`${tool} is not installed: install PostgreSQL's client (Debian: postgresql-client), of the server's major version or newer`);
    }
    const lines = String(failure.stderr ?? "")
      .trim()
      .split("\n")
      .filter(Boolean);
    throw new BackupError(`${tool} failed: ${lines.at(-1) ?? String(error)}`, { [tool]: lines.slice(-5) });
  }
}

/** @template T @param {string} databaseUrl @param {(client: pg.Client) => Promise<T>} work @returns {Promise<T>} */
async function withClient(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`the database is not reachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The database's size on disk: more than its dump takes (compressed, no indexes), for the free-space check. @param {string} databaseUrl */
export function postgresDatabaseBytes(databaseUrl) {
  return withClient(databaseUrl, async (client) => Number((await client.query("SELECT pg_database_size(current_database()) AS n")).rows[0].n));
}

/** @param {pg.Client} client */
async function describe(client) {
  const tables = (await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).rows.map((r) => r.tablename);
  /** @type {Record<string, number>} */
  const rows = {};
  for (const name of tables) rows[name] = Number((await client.query(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`)).rows[0].n);
  const migrations = tables.includes("_prisma_migrations")
    ? (
        await client.query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name")
      ).rows.map((r) => r.migration_name)
    : [];
  return { rows, migrations, tables };
}

/**
 * Dumps the database into `file` (pg_dump --format=custom) and reads, from the same snapshot, the row
 * counts, the migrations and every object key the rows reference: the manifest describes exactly what
 * the dump holds, while the site goes on writing.
 * @param {string} databaseUrl @param {string} file
 */
export async function dumpPostgres(databaseUrl, file) {
  return withClient(databaseUrl, async (client) => {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      const snapshot = (await client.query("SELECT pg_export_snapshot() AS id")).rows[0].id;
      const database = await describe(client);
      const keys = database.tables.includes("StoredFile") ? (await client.query(REFERENCED_KEYS_SQL)).rows.map((r) => String(r.key)) : [];
      const { dbname, env } = libpq(databaseUrl);
      await runTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, "--no-owner", "--no-acl", `--file=${file}`, `--dbname=${dbname}`], env);
      return { database, keys };
    } finally {
      await client.query("ROLLBACK").catch(() => {});
    }
  });
}

/**
 * Which of `keys` the file store lacks: a HEAD of each object in the bucket (S3_* settings), or the
 * file under UPLOADS_DIR. `unchecked`: keys the store could not answer for (a refusal, the network),
 * with the first reason.
 * @param {{s3?: import("../../core/config.mjs").S3Settings, uploadsDir: string}} config @param {string[]} keys
 */
export async function checkObjects(config, keys) {
  /** @type {string[]} */
  const missing = [];
  /** @type {string[]} */
  const unchecked = [];
  let reason = null;
  const client = config.s3 ? new S3Client(s3ClientConfig(config.s3)) : null;
  const root = path.resolve(config.uploadsDir);
  /** @param {string} key */
  const exists = async (key) => {
    if (!client) {
      const file = path.resolve(root, key);
      return file.startsWith(root + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
    }
    try {
      await client.send(new HeadObjectCommand({ Bucket: config.s3?.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === "NotFound")) return false;
      throw error;
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = /** @type {string} */ (keys[next++]);
      try {
        if (!(await exists(key))) missing.push(key);
      } catch (error) {
        unchecked.push(key);
        reason ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(16, keys.length) }, worker));
  } finally {
    client?.destroy();
  }
  return {
    store: config.s3 ? `s3://${config.s3.bucket}` : root,
    referenced: keys.length,
    missing: missing.sort(),
    unchecked: unchecked.sort(),
    ...(reason ? { reason } : {}),
  };
}

/** Whether the database holds any table (a restore into it keeps a pre-restore backup first). @param {string} databaseUrl */
export function postgresHasTables(databaseUrl) {
  return withClient(databaseUrl, async (client) => (await client.query("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n > 0);
}

/**
 * Restores a dump into DATABASE_URL: `pg_restore --clean --if-exists` in one transaction, so a failure
 * leaves the database as it was. Refused while an instance of the site is connected (its leader and
 * content listener connections name it): every instance must be stopped first.
 * @param {string} databaseUrl @param {string} file
 */
export async function restorePostgres(databaseUrl, file) {
  const running = await withClient(databaseUrl, async (client) => (await client.query(INSTANCES_SQL)).rows.map((r) => r.application_name));
  if (running.length > 0) {
    throw new BackupError("instances of the site are connected to the database: stop every instance, then restore", { connected: running });
  }
  const { dbname, env } = libpq(databaseUrl);
  await runTool("pg_restore", ["--clean", "--if-exists", "--single-transaction", "--no-owner", "--no-acl", `--dbname=${dbname}`, file], env);
  return withClient(databaseUrl, describe);
}
