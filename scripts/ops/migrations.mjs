// Our own migration step (instead of `prisma migrate deploy`), for SQLite and PostgreSQL (below): applies each pending
// prisma/migrations/<name>/migration.sql with better-sqlite3 inside ONE transaction together with its
// `_prisma_migrations` row, so a failing migration leaves the database exactly as it was (no half-made
// table, no row) and the next start simply tries again. The rows are written as Prisma writes them
// (id uuid, sha256 checksum of the file, ISO timestamps, applied_steps_count 1), so `prisma migrate
// status` and `prisma migrate deploy` agree with this runner.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  /** @param {string} migrationName @param {string} reason @param {string} [fix] what the operator does next */
  constructor(migrationName, reason, fix = "") {
    super(`migration ${migrationName} not applied: ${reason}`);
    this.name = "MigrationError";
    this.migrationName = migrationName;
    this.reason = reason;
    /** What the start's log line carries besides the reason (core/log.mjs failureFields). */
    this.fields = { migration: migrationName, ...(fix ? { fix } : {}) };
  }
}

/** A logger that drops everything (the tests' default). */
const SILENT = { info() {}, warn() {} };

/** Prisma's timestamp format in SQLite: ISO 8601 with milliseconds and an explicit +00:00. */
const prismaNow = () => new Date().toISOString().replace("Z", "+00:00");

/** @param {string} migrationsDir @returns {{name: string, sql: string, checksum: string}[]} */
export function readMigrations(migrationsDir) {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(migrationsDir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = fs.readFileSync(path.join(migrationsDir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: crypto.createHash("sha256").update(bytes).digest("hex") };
    });
}

/**
 * What the database holds against the migrations folder.
 * @param {import("better-sqlite3").Database} db @param {string} migrationsDir
 */
export function migrationStatus(db, migrationsDir) {
  const hasTable = !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
  /** @type {MigrationRow[]} */
  const rows = hasTable
    ? /** @type {any[]} */ (db.prepare("SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at").all())
    : [];
  const userTables = /** @type {{n: number}} */ (
    db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'").get()
  ).n;
  return statusOf(readMigrations(migrationsDir), rows, userTables === 0 && !hasTable);
}

/**
 * migrationStatus for PostgreSQL, on a connected `pg` client (`npm run doctor`).
 * @param {{query: (sql: string) => Promise<{rows: any[]}>}} client @param {string} migrationsDir
 */
export async function postgresMigrationStatus(client, migrationsDir) {
  const hasTable = (await client.query("SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present")).rows[0].present;
  /** @type {MigrationRow[]} */
  const rows = hasTable
    ? (await client.query("SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at")).rows
    : [];
  const userTables = Number(
    (await client.query("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'")).rows[0].n,
  );
  return statusOf(readMigrations(migrationsDir), rows, userTables === 0 && !hasTable);
}

/** @typedef {{migration_name: string, checksum: string, finished_at: unknown, rolled_back_at: unknown}} MigrationRow */

/**
 * The status of a database (either kind) from its `_prisma_migrations` rows.
 * @param {{name: string, sql: string, checksum: string}[]} migrations @param {MigrationRow[]} rows @param {boolean} isEmpty
 */
function statusOf(migrations, rows, isEmpty) {
  const finished = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
  // A row without finished_at and not rolled back: an earlier `prisma migrate deploy` failed halfway.
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at && !finished.has(r.migration_name)).map((r) => r.migration_name);
  const known = new Set(migrations.map((m) => m.name));
  return {
    applied: migrations.filter((m) => finished.has(m.name)).map((m) => m.name),
    pending: migrations.filter((m) => !finished.has(m.name)),
    failed,
    /** Applied here but absent from this version's folder: the database is newer than the code. */
    unknown: [...finished].filter((name) => !known.has(name)),
    /** Applied, but the file changed since (Prisma warns about this too). */
    edited: migrations
      .filter((m) => finished.has(m.name) && rows.some((r) => r.migration_name === m.name && r.finished_at && r.checksum !== m.checksum))
      .map((m) => m.name),
    isEmpty,
    level: [...finished].sort().at(-1) ?? null,
  };
}

/**
 * Refuses a database no release of this code can migrate: half-applied, or migrated by a newer
 * release; warns about edited migration files.
 * @param {ReturnType<typeof statusOf>} status @param {{warn: Function}} log
 */
function assertMigratable(status, log) {
  if (status.failed.length) {
    throw new MigrationError(
      status.failed[0] ?? "",
      "an earlier start (prisma migrate deploy) left it half-applied, so the database is in no known state",
      "restore the backup taken before the upgrade: npm run restore -- DATA_DIR/backups/pre-migrate-....tar.gz (docs/operations.md, Restore)",
    );
  }
  if (status.unknown.length) {
    throw new MigrationError(
      status.unknown.at(-1) ?? "",
      `the database was migrated by a newer release of the code (unknown migrations: ${status.unknown.join(", ")})`,
      "start the newer release, or restore the backup taken before the upgrade (docs/operations.md, Rollback)",
    );
  }
  for (const name of status.edited) log.warn({ migration: name }, "migration file changed after it was applied");
}

/**
 * The refusal of one migration that failed and was rolled back.
 * @param {string} folder the checked-in migrations folder it comes from @param {string} name @param {unknown} error
 */
function failedMigration(folder, name, error) {
  const code = /** @type {{code?: string}} */ (error).code;
  return new MigrationError(
    name,
    `${code ? `${code}: ` : ""}${error instanceof Error ? error.message : String(error)}`,
    `the database is as it was before this migration (nothing was saved); fix ${folder}/${name}/migration.sql ` +
      "(or go back to the previous release) and start again: the missing migrations are applied at the next start",
  );
}

/** Whether a DATABASE_URL names a PostgreSQL database (core/config.mjs says the same). @param {string | undefined} url */
export const isPostgresUrl = (url) => /^postgres(ql)?:\/\//.test(url ?? "");

/**
 * Applies the pending migrations, each in its own transaction: to the PostgreSQL database of
 * `databaseUrl` when it is one (postgres:// or postgresql://), else to the SQLite file `databaseFile`.
 * `beforeApply` runs once when there is something to apply to a database that already holds data
 * (the automatic backup; SQLite only).
 * @param {{databaseFile: string, databaseUrl?: string, migrationsDir: string, beforeApply?: (pending: string[]) => Promise<void>, log?: {info: Function, warn: Function}}} options
 * @returns {Promise<string[]>} the names applied
 */
export async function applyPendingMigrations({ databaseFile, databaseUrl, migrationsDir, beforeApply, log = SILENT }) {
  if (databaseUrl && isPostgresUrl(databaseUrl)) return applyPostgresMigrations({ databaseUrl, migrationsDir, log });
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const db = new Database(databaseFile, { timeout: 5000 });
  try {
    const status = migrationStatus(db, migrationsDir);
    assertMigratable(status, log);
    if (!status.pending.length) return [];
    if (!status.isEmpty && beforeApply) await beforeApply(status.pending.map((m) => m.name));

    // Redefining a table (Prisma's way of altering one in SQLite) drops and recreates it: with foreign
    // keys enforced that would cascade. Prisma runs migrations with them off; so do we, and check after.
    db.pragma("foreign_keys = OFF");
    const applied = [];
    for (const migration of status.pending) {
      const startedAt = prismaNow();
      try {
        db.exec("BEGIN IMMEDIATE");
        db.exec(MIGRATIONS_TABLE);
        db.exec(migration.sql);
        const violations = /** @type {{table: string, parent: string}[]} */ (db.pragma("foreign_key_check"));
        if (violations.length) {
          const first = violations[0];
          throw new Error(`FOREIGN KEY constraint failed (${violations.length} rows, e.g. ${first?.table} -> ${first?.parent})`);
        }
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
           VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
        ).run(crypto.randomUUID(), migration.checksum, prismaNow(), migration.name, startedAt);
        db.exec("COMMIT");
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw failedMigration("prisma/migrations", migration.name, error);
      }
      applied.push(migration.name);
      log.info({ migration: migration.name }, "migration applied");
    }
    return applied;
  } finally {
    db.close();
  }
}

/** `_prisma_migrations` as Prisma makes it on PostgreSQL. */
const PG_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * The key of the session-level advisory lock every instance takes before it looks at the migrations:
 * two instances starting together on one database, one migrates and the other waits, then finds
 * nothing to do (docs/decisions/031-postgresql.md).
 */
const PG_MIGRATION_LOCK = "SELECT pg_advisory_lock(hashtext('composer-site migrations'))";

/**
 * The PostgreSQL side of applyPendingMigrations, with `pg` (Prisma's migrate deploy through
 * @prisma/adapter-pg fails: prisma/orm#27403). Each migration and its `_prisma_migrations` row in one
 * transaction, as on SQLite; all of it under the advisory lock.
 * @param {{databaseUrl: string, migrationsDir: string, log: {info: Function, warn: Function}}} options
 */
async function applyPostgresMigrations({ databaseUrl, migrationsDir, log }) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(PG_MIGRATION_LOCK);
    await client.query(PG_MIGRATIONS_TABLE);
    const { rows } = await client.query("SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at");
    const status = statusOf(readMigrations(migrationsDir), rows, false);
    assertMigratable(status, log);
    // Said, so the log of each instance shows which one migrated (the other finds nothing to do).
    if (!status.pending.length) log.info({ alreadyApplied: rows.length }, "no migrations pending");
    const applied = [];
    for (const migration of status.pending) {
      const startedAt = new Date();
      try {
        await client.query("BEGIN");
        // A multi-statement string goes as one simple query: the whole file, as psql would run it.
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)`,
          [crypto.randomUUID(), migration.checksum, migration.name, startedAt],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw failedMigration("prisma/postgresql/migrations", migration.name, error);
      }
      applied.push(migration.name);
      log.info({ migration: migration.name }, "migration applied");
    }
    return applied;
  } finally {
    // Ending the session frees the advisory lock.
    await client.end();
  }
}
