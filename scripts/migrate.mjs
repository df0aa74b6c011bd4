// npm run migrate: applies pending migrations the way npm start does (backup first, all-or-nothing).
import { dataPaths } from "./ops/config.mjs";
import { migrateDatabase, prepareDataDir } from "./ops/prepare.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (scripts/ops/private-modes.mjs).
process.umask(0o077);

try {
  const paths = dataPaths();
  prepareDataDir(paths);
  const applied = await migrateDatabase(paths);
  if (!applied.length) console.log("Nessuna migrazione da applicare.");
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
