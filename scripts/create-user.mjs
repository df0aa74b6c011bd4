// Creates a staff superuser or resets its password:  npm run user:create -- <username> <password>
// Plain JavaScript on the server build, so it works in the container (no tsx, no dev dependencies).
// Its output is JSON lines of the one logger (core/log.mjs), like every other script's.
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import path from "node:path";
import { readConfig } from "../core/config.mjs";
import { ensureFreshBuild } from "./ops/build.mjs";
import { failureFields, scriptLogger } from "../core/log.mjs";
import { migrateDatabase, prepareDataDir } from "./ops/prepare.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (core/private-modes.mjs).
process.umask(0o077);

let log = scriptLogger(null);
try {
  const [username, password] = process.argv.slice(2);
  if (!username || !password || password.length < 8) {
    throw Object.assign(new Error("a username and a password of at least 8 characters are needed"), {
      fields: { usage: "npm run user:create -- <username> <password>" },
    });
  }
  const config = readConfig();
  log = scriptLogger(config);
  prepareDataDir(config, log);
  ensureFreshBuild(config.buildDir, log);
  await migrateDatabase(config, log);
  const build = await import(path.join(config.buildDir, "server", "index.js"));
  const user = await build.entry.module.upsertStaffUser(username.trim(), password);
  log.info({ username: user.username }, "staff user created or updated");
  await build.entry.module.shutdown();
} catch (error) {
  log.error(failureFields(error), "user:create failed");
  process.exit(1);
}
