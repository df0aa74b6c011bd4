// A real PostgreSQL server (scripts/pg-test-server.sh: Debian's PostgreSQL in a private folder) for
// the tests of PostgreSQL mode, and databases on it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./server";

const run = promisify(execFile);
const SCRIPT = path.resolve("scripts/pg-test-server.sh");

export type PgTestServer = {
  /** The server's own `postgres` database, as a superuser. */
  url: string;
  version: string;
  /** A new empty database on it, and its URL. */
  newDatabase(): Promise<string>;
  stop(): Promise<void>;
};

/**
 * Whether a missing PostgreSQL must fail the run instead of skipping: always in CI (.ci/run installs
 * the package), or when a developer asks for it with PG_TEST_REQUIRED=1.
 */
const required = () => Boolean(process.env.CI) || process.env.PG_TEST_REQUIRED === "1";

export function postgresInstalled(): boolean {
  const root = "/usr/lib/postgresql";
  return fs.existsSync(root) && fs.readdirSync(root).some((version) => fs.existsSync(path.join(root, version, "bin", "initdb")));
}

/** The message of a skip (or, in CI, of the failure) when PostgreSQL is not installed; null when it is. */
export function postgresMissing(): string | null {
  if (postgresInstalled()) return null;
  const message = "the PostgreSQL tests need Debian's postgresql (.ci/run installs it)";
  if (required()) throw new Error(message);
  return message;
}

/** Starts a PostgreSQL test server on a free port in a folder of its own; stop() stops it and deletes the folder. */
export async function startPgServer(): Promise<PgTestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-server-"));
  const port = await freePort();
  const { stdout } = await run("bash", [SCRIPT, "start", dir], { env: { ...process.env, PG_TEST_PORT: String(port) } });
  const printed = Object.fromEntries(
    stdout
      .trim()
      .split("\n")
      .map((line) => line.split(" ", 2) as [string, string]),
  );
  const url = printed.database_url!;
  let databases = 0;
  return {
    url,
    version: printed.version!,
    async newDatabase() {
      const name = `test_${process.pid}_${++databases}`;
      await query(url, `CREATE DATABASE ${name}`);
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      await run("bash", [SCRIPT, "stop", dir]);
    },
  };
}

/** One statement on a database, on a connection of its own. */
export async function query<T extends pg.QueryResultRow = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
