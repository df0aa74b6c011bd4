// `npm run db:pg-schema`: the PostgreSQL schema and migrations, generated from the one source schema
// (prisma/schema.prisma, SQLite) and checked in (docs/decisions/031-postgresql.md).
//
// - prisma/postgresql/schema.prisma is the source schema with provider "postgresql" and a client of
//   its own (app/generated/prisma-pg): a Prisma client is generated for one provider.
// - prisma/postgresql/migrations/<name>/migration.sql are made by `prisma migrate diff --script`, which
//   needs no database (migrate deploy and db pull through @prisma/adapter-pg fail: prisma/orm#27403).
//   The first one is a baseline of the whole schema; each later one is the diff from the schema as it
//   was generated last time to the new one, named after the newest SQLite migration folder (the same
//   change, on the other database).
// - What the Prisma schema cannot say (an index on an expression) is written by hand once, in
//   prisma/postgresql/extra/<SQLite migration name>.sql, and added to the PostgreSQL migration that
//   covers that SQLite migration.
//
// `--check` changes nothing and exits 1 when the checked-in files are out of step with the source.
import "../../core/node-version.mjs"; // first: an older Node stops here in one line
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const SOURCE_SCHEMA = path.join("prisma", "schema.prisma");
export const SQLITE_MIGRATIONS = path.join("prisma", "migrations");
export const PG_DIR = path.join("prisma", "postgresql");
export const PG_SCHEMA = path.join(PG_DIR, "schema.prisma");
export const PG_MIGRATIONS = path.join(PG_DIR, "migrations");
export const PG_EXTRA = path.join(PG_DIR, "extra");

const HEADER = "// GENERATED from prisma/schema.prisma by `npm run db:pg-schema`: edit the source and run it again.\n\n";

/** Replaces `from` with `to` once, or throws: the source changed shape and the generator must follow. */
function replaceOnce(text, from, to) {
  if (!text.includes(from)) throw new Error(`pg-schema: ${SOURCE_SCHEMA} no longer contains ${JSON.stringify(from)}; update scripts/db/pg-schema.mjs`);
  return text.replace(from, to);
}

/** The PostgreSQL schema for a source schema's text. @param {string} source */
export function postgresqlSchema(source) {
  let schema = replaceOnce(source, 'output     = "../app/generated/prisma"', 'output     = "../../app/generated/prisma-pg"');
  schema = replaceOnce(schema, 'provider = "sqlite"', 'provider = "postgresql"');
  schema = replaceOnce(
    schema,
    'url      = "file:./unused.db"',
    // Never connected to: the app's driver adapter opens the database (app/server/storage/db.server.ts).
    'url      = "postgresql://unused@localhost/unused"',
  );
  return HEADER + schema;
}

/** Migration folder names of a migrations folder, in order. @param {string} dir */
export function migrationNames(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const timestampOf = (name) => name.split("_")[0] ?? "";

/**
 * The hand-written SQL of the SQLite migrations after `after` (exclusive; null: all) up to `upTo`
 * (inclusive), in order, each under a comment naming it.
 * @param {string | null} after @param {string} upTo
 */
export function extraSql(after, upTo) {
  if (!fs.existsSync(PG_EXTRA)) return "";
  return fs
    .readdirSync(PG_EXTRA)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .filter((file) => {
      const stamp = timestampOf(file);
      return (after === null || stamp > timestampOf(after)) && stamp <= timestampOf(upTo);
    })
    .map(
      (file) => `-- From prisma/postgresql/extra/${file} (what the Prisma schema cannot say)\n${fs.readFileSync(path.join(PG_EXTRA, file), "utf8").trim()}\n`,
    )
    .join("\n");
}

/** `prisma migrate diff --script` between two schema texts (null: the empty database). */
function diffScript(fromSchema, toSchema) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-schema-"));
  try {
    const to = path.join(dir, "to.prisma");
    fs.writeFileSync(to, toSchema);
    const from = fromSchema === null ? ["--from-empty"] : ["--from-schema-datamodel", path.join(dir, "from.prisma")];
    if (fromSchema !== null) fs.writeFileSync(path.join(dir, "from.prisma"), fromSchema);
    return execFileSync(path.join("node_modules", ".bin", "prisma"), ["migrate", "diff", ...from, "--to-schema-datamodel", to, "--script"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Prisma's script for "nothing to do". */
const isEmptyScript = (sql) => sql.replace(/^--.*$/gm, "").trim() === "";

/**
 * What running the generator would write: the new schema, and the new migration if any.
 * @returns {{schema: string, schemaChanged: boolean, migration: {name: string, sql: string} | null}}
 */
export function plan() {
  const schema = postgresqlSchema(fs.readFileSync(SOURCE_SCHEMA, "utf8"));
  const previous = fs.existsSync(PG_SCHEMA) ? fs.readFileSync(PG_SCHEMA, "utf8") : null;
  const sqliteNewest = migrationNames(SQLITE_MIGRATIONS).at(-1);
  if (!sqliteNewest) throw new Error(`pg-schema: no migration in ${SQLITE_MIGRATIONS}`);
  const pgNewest = migrationNames(PG_MIGRATIONS).at(-1) ?? null;
  const extra = extraSql(pgNewest, sqliteNewest);
  if (pgNewest === null) {
    const sql = `-- Baseline: the whole schema as of SQLite migration ${sqliteNewest}.\n${diffScript(null, schema)}\n${extra}`;
    return { schema, schemaChanged: true, migration: { name: `${timestampOf(sqliteNewest)}_baseline`, sql } };
  }
  const diff = previous === schema ? "" : diffScript(previous, schema);
  if (isEmptyScript(diff) && !extra) return { schema, schemaChanged: previous !== schema, migration: null };
  if (timestampOf(sqliteNewest) <= timestampOf(pgNewest)) {
    throw new Error(
      `pg-schema: the schema changed but no SQLite migration newer than ${pgNewest} exists; make it first (npx prisma migrate dev --create-only), then run this again`,
    );
  }
  return { schema, schemaChanged: true, migration: { name: sqliteNewest, sql: `-- The change of SQLite migration ${sqliteNewest}.\n${diff}\n${extra}` } };
}

async function main() {
  const check = process.argv.includes("--check");
  const { schema, schemaChanged, migration } = plan();
  if (check) {
    if (schemaChanged || migration) {
      process.stderr.write(
        `${PG_DIR} is out of step with ${SOURCE_SCHEMA}${migration ? ` (a migration ${migration.name} is missing)` : ""}: run npm run db:pg-schema\n`,
      );
      process.exit(1);
    }
    return;
  }
  fs.mkdirSync(PG_DIR, { recursive: true });
  if (migration) {
    fs.mkdirSync(path.join(PG_MIGRATIONS, migration.name), { recursive: true });
    fs.writeFileSync(path.join(PG_MIGRATIONS, migration.name, "migration.sql"), migration.sql);
    process.stdout.write(`wrote ${path.join(PG_MIGRATIONS, migration.name, "migration.sql")}\n`);
  }
  if (schemaChanged) {
    fs.writeFileSync(PG_SCHEMA, schema);
    process.stdout.write(`wrote ${PG_SCHEMA}\n`);
  }
  if (!schemaChanged && !migration) process.stdout.write(`${PG_DIR} is in step with ${SOURCE_SCHEMA}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
