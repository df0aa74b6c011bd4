// npm run backup [-- PATH]: one archive of the site while it serves. Its output is JSON lines of the
// one logger (core/log.mjs) like the server's: the last one, "backup written", names the
// archive in `archive` (`npm run -s backup | jq -r 'select(.msg=="backup written").archive'`); a failure
// is one "backup failed" line with the reason, nothing left behind, and exit code 1. On PostgreSQL an
// archive whose rows reference objects missing from the store is kept, marked incomplete in its manifest,
// and reported in one error line ("backup written but incomplete", the keys) with exit code 1.
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import { createBackup } from "./ops/backup.mjs";
import { readConfig } from "../core/config.mjs";
import { failureFields, scriptLogger } from "../core/log.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (core/private-modes.mjs).
process.umask(0o077);

let log = scriptLogger(null);
try {
  const config = readConfig();
  log = scriptLogger(config);
  const { archive, manifest } = await createBackup(config, { target: process.argv[2] });
  const rows = Object.fromEntries(Object.entries(manifest.rows).filter(([name]) => name !== "_prisma_migrations"));
  const summary = { archive, files: manifest.files.length, migrationLevel: manifest.migrationLevel, rows };
  if (manifest.database !== "postgresql") {
    log.info(summary, "backup written");
  } else {
    // PostgreSQL: the objects stay in the store; the archive lists the keys its rows reference.
    const { store, referenced, missing, unchecked, reason } = manifest.objects;
    const objects = { store, referenced, missing: missing.length, unchecked: unchecked.length };
    if (manifest.complete) log.info({ ...summary, objects }, "backup written");
    else {
      // Kept (the rows are worth having), marked incomplete in its manifest: restoring it gives rows
      // whose files are gone. Exit 1 so a scheduler's alert fires.
      log.error(
        {
          ...summary,
          complete: false,
          objects,
          missingKeys: missing.slice(0, 20),
          uncheckedKeys: unchecked.slice(0, 20),
          ...(reason ? { storeError: reason } : {}),
        },
        "backup written but incomplete: objects the database references are missing from the store",
      );
      process.exitCode = 1;
    }
  }
} catch (error) {
  log.error(failureFields(error), "backup failed");
  process.exit(1);
}
