import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
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

export async function disconnectDatabase() {
  if (globalThis.__prisma) {
    await globalThis.__prisma.$disconnect();
    globalThis.__prisma = undefined;
  }
}
