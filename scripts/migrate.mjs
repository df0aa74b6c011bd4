// npm run migrate: applies pending migrations the way npm start does (backup first, all-or-nothing).
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import { readConfig } from "../core/config.mjs";
import { failureFields, scriptLogger } from "../core/log.mjs";
import { migrateDatabase, prepareDataDir } from "./ops/prepare.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (core/private-modes.mjs).
process.umask(0o077);

let log = scriptLogger(null);
try {
  const config = readConfig();
  log = scriptLogger(config);
  prepareDataDir(config, log);
  const applied = await migrateDatabase(config, log);
  if (!applied.length) log.info("no migration to apply");
} catch (error) {
  log.fatal(failureFields(error), "migration failed");
  process.exit(1);
}
