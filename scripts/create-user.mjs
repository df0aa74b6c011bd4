// Creates a staff superuser or resets its password:  npm run user:create -- <username> <password>
// Plain JavaScript on the server build, so it works in the container (no tsx, no dev dependencies).
import path from "node:path";
import { readConfig } from "./ops/config.mjs";
import { ensureFreshBuild } from "./ops/build.mjs";
import { scriptLogger } from "./ops/log.mjs";
import { migrateDatabase, prepareDataDir } from "./ops/prepare.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (scripts/ops/private-modes.mjs).
process.umask(0o077);

const [username, password] = process.argv.slice(2);
if (!username || !password || password.length < 8) {
  console.error("Uso: npm run user:create -- <utente> <password (almeno 8 caratteri)>");
  process.exit(2);
}
try {
  const config = readConfig();
  const log = scriptLogger(config);
  prepareDataDir(config, log);
  ensureFreshBuild(config.buildDir, log);
  await migrateDatabase(config, log);
  const build = await import(path.join(config.buildDir, "server", "index.js"));
  const user = await build.entry.module.upsertStaffUser(username.trim(), password);
  console.log(`Utente staff "${user.username}" creato o aggiornato.`);
  await build.entry.module.shutdown();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
