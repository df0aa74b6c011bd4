// Our own migration step (instead of `prisma migrate deploy`): applies each pending
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
    /** What the start's log line carries besides the reason (scripts/ops/log.mjs failureFields). */
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
  const migrations = readMigrations(migrationsDir);
  const hasTable = !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
  /** @type {{migration_name: string, checksum: string, finished_at: string | null, rolled_back_at: string | null}[]} */
  const rows = hasTable
    ? /** @type {any[]} */ (db.prepare("SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at").all())
    : [];
  const finished = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
  // A row without finished_at and not rolled back: an earlier `prisma migrate deploy` failed halfway.
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at && !finished.has(r.migration_name)).map((r) => r.migration_name);
  const known = new Set(migrations.map((m) => m.name));
  const userTables = /** @type {{n: number}} */ (
    db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'").get()
  ).n;
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
    isEmpty: userTables === 0 && !hasTable,
    level: [...finished].sort().at(-1) ?? null,
  };
}

/**
 * Applies the pending migrations, each in its own transaction. `beforeApply` runs once when there is
 * something to apply to a database that already holds data (the automatic backup).
 * @param {{databaseFile: string, migrationsDir: string, beforeApply?: (pending: string[]) => Promise<void>, log?: {info: Function, warn: Function}}} options
 * @returns {Promise<string[]>} the names applied
 */
export async function applyPendingMigrations({ databaseFile, migrationsDir, beforeApply, log = SILENT }) {
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const db = new Database(databaseFile, { timeout: 5000 });
  try {
    const status = migrationStatus(db, migrationsDir);
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
        const sqliteCode = /** @type {{code?: string}} */ (error).code;
        throw new MigrationError(
          migration.name,
          `${sqliteCode ? `${sqliteCode}: ` : ""}${error instanceof Error ? error.message : String(error)}`,
          `the database is as it was before this migration (nothing was saved); fix prisma/migrations/${migration.name}/migration.sql ` +
            "(or go back to the previous release) and start again: the missing migrations are applied at the next start",
        );
      }
      applied.push(migration.name);
      log.info({ migration: migration.name }, "migration applied");
    }
    return applied;
  } finally {
    db.close();
  }
}
