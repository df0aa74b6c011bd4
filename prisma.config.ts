import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

// Mirrors app/server/platform/env.server.ts: the CLI runs outside the app, so it resolves the default itself.
const databaseUrl = process.env.DATABASE_URL || `file:${path.resolve(process.env.DATA_DIR || "data", "app.db")}`;

// The adapter opens the file, so its folder must exist before the first migration.
const databaseFile = databaseUrl.replace(/^file:/, "");
fs.mkdirSync(path.dirname(path.resolve(databaseFile)), { recursive: true });

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => new PrismaBetterSQLite3({ url: databaseUrl }),
});
