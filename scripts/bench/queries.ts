// What the SQLite adapter's one-transaction-at-a-time rule costs a query
// (docs/decisions/040-one-transaction-at-a-time-on-sqlite.md): the same simple queries through
// Prisma's better-sqlite3 adapter alone and through the wrapper the site uses, in alternating rounds.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { getEnv } from "~/server/platform/env.server";
import { oneTransactionAtATime } from "~/server/storage/one-transaction-at-a-time.server";
import { dataPaths } from "../../core/config.mjs";
import { createBenchEnvironment, summarize } from "./setup";

export async function benchQueries({ queries = 10_000, rounds = 5 } = {}) {
  const environment = await createBenchEnvironment();
  const url = `file:${dataPaths().databaseFile}`;
  const clients = {
    "adapter alone": new PrismaClient({ adapter: new PrismaBetterSQLite3({ url, timeout: 5000 }) }),
    "one transaction at a time": new PrismaClient({ adapter: oneTransactionAtATime(new PrismaBetterSQLite3({ url, timeout: 5000 })) }),
  };
  try {
    const user = await clients["adapter alone"].user.create({ data: { username: "bench", passwordHash: "x" }, select: { id: true } });
    const perQuery: Record<string, number[]> = {};
    for (let round = 0; round < rounds; round++) {
      for (const [name, client] of Object.entries(clients)) {
        for (let i = 0; i < 200; i++) await client.user.findUnique({ where: { id: user.id }, select: { username: true } });
        const started = performance.now();
        for (let i = 0; i < queries; i++) await client.user.findUnique({ where: { id: user.id }, select: { username: true } });
        (perQuery[name] ??= []).push(((performance.now() - started) * 1000) / queries);
      }
    }
    const lines = [`## queries (${queries.toLocaleString("en")} findUnique by id, ${rounds} alternating rounds, ${getEnv().database})`, ""];
    lines.push("| client | median µs/query | best | worst |", "| --- | ---: | ---: | ---: |");
    for (const [name, samples] of Object.entries(perQuery)) {
      const { median, max } = summarize(samples);
      lines.push(`| ${name} | ${median.toFixed(1)} | ${Math.min(...samples).toFixed(1)} | ${max.toFixed(1)} |`);
    }
    return { name: "queries", lines };
  } finally {
    // Its own clients, not the app's (environment.cleanup() closes the app's).
    await Promise.all(Object.values(clients).map((client) => client.$disconnect()));
    fs.rmSync(environment.dir, { recursive: true, force: true });
  }
}
