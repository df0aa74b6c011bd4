// npm run backup [-- PATH]: one archive of the site while it serves. Its output is JSON lines of the
// one logger (scripts/ops/log.mjs) like the server's: the last one, "backup written", names the
// archive in `archive` (`npm run -s backup | jq -r 'select(.msg=="backup written").archive'`); a failure
// is one "backup failed" line with the reason, nothing left behind, and exit code 1.
import { createBackup } from "./ops/backup.mjs";
import { readConfig } from "./ops/config.mjs";
import { failureFields, scriptLogger } from "./ops/log.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (scripts/ops/private-modes.mjs).
process.umask(0o077);

let log = scriptLogger(null);
try {
  const config = readConfig();
  log = scriptLogger(config);
  const { archive, manifest } = await createBackup(config, { target: process.argv[2] });
  const rows = Object.fromEntries(Object.entries(manifest.rows).filter(([name]) => name !== "_prisma_migrations"));
  log.info({ archive, files: manifest.files.length, migrationLevel: manifest.migrationLevel, rows }, "backup written");
} catch (error) {
  log.error(failureFields(error), "backup failed");
  process.exit(1);
}
