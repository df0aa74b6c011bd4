// npm run restore -- ARCHIVE: puts a backup back into DATA_DIR (only while no server uses it).
import { restoreBackup } from "./ops/backup.mjs";
import { dataPaths } from "./ops/config.mjs";

// Files and folders this process and its children (SQLite, tar) create are this user's alone: 0600/0700
// (scripts/ops/private-modes.mjs).
process.umask(0o077);

const archive = process.argv[2];
if (!archive) {
  console.error("Uso: npm run restore -- PERCORSO/backup-....tar.gz");
  process.exit(2);
}
const paths = dataPaths();
try {
  const { manifest, previous } = await restoreBackup(paths, archive);
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  const uploads = manifest.files.filter((f) => f.path.startsWith("uploads/")).length;
  console.log(`Ripristinato ${archive} in ${paths.dataDir}`);
  console.log(`  creato il ${manifest.createdAt}, migrazione ${manifest.migrationLevel ?? "nessuna"}`);
  console.log(`  checksum verificati: ${manifest.files.length} file (${(bytes / 1e6).toFixed(1)} MB), PRAGMA integrity_check: ok`);
  console.log(
    `  file caricati: ${uploads}; righe: ${Object.entries(manifest.rows)
      .map(([n, c]) => `${n} ${c}`)
      .join(", ")}`,
  );
  if (previous) console.log(`  i dati sostituiti sono salvati in ${previous}`);
  console.log("Avvia il server (npm start, o docker start NOME): applicherà le eventuali migrazioni mancanti.");
} catch (error) {
  console.error(`Ripristino non eseguito: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
