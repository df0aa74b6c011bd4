// npm run backup [-- PATH]: one archive of the site while it serves; its path is the last line printed.
import { createBackup } from "./ops/backup.mjs";
import { dataPaths } from "./ops/config.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (scripts/ops/private-modes.mjs).
process.umask(0o077);

try {
  const { archive, manifest } = await createBackup(dataPaths(), { target: process.argv[2] });
  const rows = Object.entries(manifest.rows).filter(([name]) => name !== "_prisma_migrations");
  console.log(`Backup: ${manifest.files.length} file, migrazione ${manifest.migrationLevel ?? "nessuna"}, ${rows.map(([n, c]) => `${n} ${c}`).join(", ")}`);
  console.log(archive);
} catch (error) {
  console.error(`Backup non riuscito: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
