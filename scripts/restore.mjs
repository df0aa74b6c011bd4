// npm run restore -- ARCHIVE: puts a backup back into DATA_DIR (only while no server uses it). Its output
// is JSON lines of the one logger (core/log.mjs), like the server's and `npm run backup`'s: one
// "backup restored" line with what was checked, or one "restore failed" line with the reason (exit 1).
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import { restoreBackup } from "./ops/backup.mjs";
import { readConfig } from "../core/config.mjs";
import { failureFields, scriptLogger } from "../core/log.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (core/private-modes.mjs).
process.umask(0o077);

let log = scriptLogger(null);
try {
  const archive = process.argv[2];
  if (!archive) throw Object.assign(new Error("no archive given"), { fields: { usage: "npm run restore -- PATH/backup-<time>.tar.gz" } });
  const config = readConfig();
  log = scriptLogger(config);
  const { manifest, previous, objects } = await restoreBackup(config, archive);
  if (objects) {
    // PostgreSQL: the rows are back; the objects they reference must be in the store.
    const fields = {
      archive,
      createdAt: manifest.createdAt,
      migrationLevel: manifest.migrationLevel ?? null,
      rows: manifest.rows,
      objects: { store: objects.store, referenced: objects.referenced, missing: objects.missing.length, unchecked: objects.unchecked.length },
      ...(previous ? { previous } : {}),
      next: "start the instances (npm start): each applies any missing migration",
    };
    if (objects.missing.length + objects.unchecked.length === 0)
      log.info({ ...fields, checks: "checksums, pg_restore and every referenced object passed" }, "backup restored");
    else {
      log.error(
        {
          ...fields,
          missingKeys: objects.missing.slice(0, 20),
          uncheckedKeys: objects.unchecked.slice(0, 20),
          ...(objects.reason ? { storeError: objects.reason } : {}),
        },
        "backup restored but objects the database references are missing from the store: bring them back from the bucket's versions or replica (docs/scaling.md)",
      );
      process.exitCode = 1;
    }
  } else
    log.info(
      {
        archive,
        dataDir: config.dataDir,
        createdAt: manifest.createdAt,
        migrationLevel: manifest.migrationLevel ?? null,
        files: manifest.files.length,
        bytes: manifest.files.reduce((sum, f) => sum + f.size, 0),
        uploads: manifest.files.filter((f) => f.path.startsWith("uploads/")).length,
        rows: manifest.rows,
        checks: "checksums and PRAGMA integrity_check passed",
        ...(previous ? { previous } : {}),
        next: "start the server (npm start, or docker start NAME): it applies any missing migration",
      },
      "backup restored",
    );
} catch (error) {
  log.error(failureFields(error), "restore failed");
  process.exit(1);
}
