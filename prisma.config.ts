import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { readConfig } from "./core/config.mjs";

// The one configuration module (core/config.mjs): the CLI finds the database where the app does.
const { databaseFile, databaseUrl } = readConfig();

// The adapter opens the file, so its folder must exist before the first migration.
fs.mkdirSync(path.dirname(databaseFile), { recursive: true });

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => new PrismaBetterSQLite3({ url: databaseUrl }),
});
