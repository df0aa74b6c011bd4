import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "./env.server";

declare global {
  var __prisma: PrismaClient | undefined;
}

function createClient() {
  const { databaseFile } = getEnv();
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  // busy timeout: concurrent writers wait for the lock instead of failing with SQLITE_BUSY.
  const adapter = new PrismaBetterSQLite3({ url: `file:${databaseFile}`, timeout: 5000 });
  return new PrismaClient({ adapter });
}

/** One client per process (kept on globalThis so dev-server reloads do not open new handles). */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    globalThis.__prisma ??= createClient();
    const value = Reflect.get(globalThis.__prisma, prop);
    return typeof value === "function" ? value.bind(globalThis.__prisma) : value;
  },
});

/** WAL lets readers go on while one request writes; it is stored in the file, so once is enough. */
export async function configureDatabase() {
  await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$queryRawUnsafe("PRAGMA foreign_keys = ON");
}

/** The connection writeMark reads on (its own, which never writes), and how many were opened before it. */
let markReader: { file: string; generation: number; connection: Database.Database; dataVersion: Database.Statement } | undefined;
let markGeneration = 0;

/**
 * A mark that changes whenever a write to the database has been committed since the last call, by
 * any connection: this process's Prisma, another process, a script. It is SQLite's
 * `PRAGMA data_version`, which moves when *other* connections commit, read on a connection of its
 * own that never writes. A few microseconds per read, where a Prisma query costs about a
 * millisecond of CPU (each one is compiled in WASM), so derived data can be checked on every
 * request (read-cache.server.ts). A new connection counts from scratch, hence the generation.
 */
export function writeMark(): string {
  const file = getEnv().databaseFile;
  if (markReader?.file !== file) {
    closeMarkReader();
    const connection = new Database(file, { fileMustExist: true });
    markReader = { file, generation: ++markGeneration, connection, dataVersion: connection.prepare("PRAGMA data_version").pluck() };
  }
  return `${markReader.generation}:${String(markReader.dataVersion.get())}`;
}

function closeMarkReader() {
  markReader?.connection.close();
  markReader = undefined;
}

export async function disconnectDatabase() {
  closeMarkReader();
  if (globalThis.__prisma) {
    await globalThis.__prisma.$disconnect();
    globalThis.__prisma = undefined;
  }
}
