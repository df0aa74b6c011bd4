import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-pg/client";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { oneTransactionAtATime } from "./one-transaction-at-a-time.server";

declare global {
  var __prisma: PrismaClient | undefined;
}

/** The connections of the PostgreSQL client, when there is one. */
let clientPool: pg.Pool | undefined;

function createClient(): PrismaClient {
  const { database, databaseUrl, databaseFile } = getEnv();
  if (database === "postgresql") {
    // The PostgreSQL client is generated from the same source schema (scripts/db/pg-schema.mjs): the
    // same models, fields and methods, so the app types its queries against the SQLite one's types
    // (docs/decisions/031-postgresql.md). Prisma's migrate deploy is not used with it (prisma/orm#27403):
    // `npm run migrate` (and `npm start` before serving) migrates.
    // The pool is ours (an error listener; PrismaPg leaves a pool it was given open): disconnectDatabase ends it.
    clientPool = postgresPool(databaseUrl, 10);
    return new PostgresPrismaClient({ adapter: new PrismaPg(clientPool) }) as unknown as PrismaClient;
  }
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  // busy timeout: concurrent writers (another process, a script) wait for the lock instead of failing
  // with SQLITE_BUSY. This process's own queries share one connection: they wait while a transaction is
  // open (one-transaction-at-a-time.server.ts).
  const adapter = new PrismaBetterSQLite3({ url: `file:${databaseFile}`, timeout: 5000 });
  return new PrismaClient({ adapter: oneTransactionAtATime(adapter) });
}

/**
 * The client of this module instance. In development (the dev server, the unit and integration tests)
 * it is kept on globalThis, so module reloads do not open new handles and a test can put its own in
 * place. A production build keeps its own: the in-process tests (tests/support/in-process.ts) load
 * several instances of the build in one process, each on its own data folder, and a client on
 * globalThis, made by whichever instance came first, pointed the others at its database.
 */
let buildClient: PrismaClient | undefined;
function currentClient(): PrismaClient {
  if (import.meta.env.DEV) return (globalThis.__prisma ??= createClient());
  return (buildClient ??= createClient());
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = currentClient();
    const value = Reflect.get(client, prop);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Whether DATABASE_URL names a PostgreSQL database (else SQLite, the default). */
export const onPostgres = () => getEnv().database === "postgresql";

/**
 * A "contains" filter that ignores case on both databases, as the admin searches and the public
 * lists' search expect: SQLite's LIKE already ignores it (ASCII letters); PostgreSQL's needs mode
 * "insensitive" (ILIKE), which the SQLite client's types do not know.
 */
export function containsIgnoringCase(text: string): Prisma.StringFilter {
  return onPostgres() ? ({ contains: text, mode: "insensitive" } as Prisma.StringFilter) : { contains: text };
}

/** WAL lets readers go on while one request writes; it is stored in the file, so once is enough. */
export async function configureDatabase() {
  if (onPostgres()) return;
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$queryRawUnsafe("PRAGMA foreign_keys = ON");
}

/** The connection `readerConnection` answers (its own, which never writes), for the database file it was opened on. */
let reader: { file: string; connection: Database.Database } | undefined;

/**
 * A connection of its own that only reads, for the one value read on every request (the content
 * version, content-version.server.ts): a prepared statement on it costs a few microseconds, where a
 * Prisma query costs about a millisecond of CPU (each one is compiled in WASM). It sees what any
 * connection committed: this process's Prisma, another process, a script.
 */
export function readerConnection(): Database.Database {
  const file = getEnv().databaseFile;
  if (reader?.file !== file) {
    closeReader();
    reader = { file, connection: new Database(file, { fileMustExist: true }) };
  }
  return reader.connection;
}

function closeReader() {
  reader?.connection.close();
  reader = undefined;
}

/**
 * A pool of PostgreSQL connections. An idle connection the server closes (a restart, a failover) is
 * an 'error' event of the pool: logged, and the next query opens a new one, where without a listener
 * it would end the process.
 */
function postgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", (error) => log().warn({ err: error }, "idle database connection closed by the server"));
  return pool;
}

/** PostgreSQL's counterpart of `readerConnection`: a small pool of its own, for the content version. */
let readerPool: { url: string; pool: pg.Pool } | undefined;

export function postgresReader(): pg.Pool {
  const url = getEnv().databaseUrl;
  if (readerPool?.url !== url) {
    void readerPool?.pool.end();
    readerPool = { url, pool: postgresPool(url, 2) };
  }
  return readerPool.pool;
}

export async function disconnectDatabase() {
  closeReader();
  const pool = readerPool?.pool;
  readerPool = undefined;
  await pool?.end();
  const client = import.meta.env.DEV ? globalThis.__prisma : buildClient;
  if (!client) return;
  await client.$disconnect();
  await clientPool?.end();
  clientPool = undefined;
  if (import.meta.env.DEV) globalThis.__prisma = undefined;
  else buildClient = undefined;
}

/**
 * What a database refusal means for the write that got it: "missing" (the row was deleted under
 * our feet: P2025, P2001, P2015), "conflict" (a unique or foreign key constraint, a write
 * conflict: P2002, P2003, P2034) or "full" (SQLITE_FULL: the disk has no room left, issue 22); null
 * for anything else (a real fault). The edge turns these into 404, 409 and 503
 * (http/errors.server.ts); domain code checks them without knowing HTTP.
 */
export function databaseRefusal(error: unknown): "missing" | "conflict" | "full" | null {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (code === "SQLITE_FULL") return "full";
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  if (error.code === "P2025" || error.code === "P2001" || error.code === "P2015") return "missing";
  if (error.code === "P2002" || error.code === "P2003" || error.code === "P2034") return "conflict";
  return null;
}
