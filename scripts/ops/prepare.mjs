// The steps every entry point (npm start, user:create, the test servers) runs before opening the
// database: a writable DATA_DIR, then the pending migrations, with an automatic backup first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createBackup } from "./backup.mjs";
import { applyPendingMigrations } from "./migrations.mjs";
import { PRIVATE_DIR_MODE, restrictDataDirModes } from "./private-modes.mjs";

/** Exits with a clear message when DATA_DIR cannot be written (a root-owned volume, typically). @param {string} dataDir */
function assertWritable(dataDir) {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    const { uid, gid, username } = os.userInfo();
    const code = /** @type {{code?: string}} */ (error).code;
    throw new Error(
      `DATA_DIR ${dataDir} non è scrivibile dall'utente ${username} (uid ${uid}, gid ${gid}): ${code ?? error}.\n` +
        `Dai la cartella a questo utente, ad esempio:\n` +
        `  cartella locale: sudo chown -R ${uid}:${gid} ${dataDir}\n` +
        `  volume docker:   docker run --rm -v VOLUME:${dataDir} --user root IMMAGINE chown -R ${uid}:${gid} ${dataDir}`,
      { cause: error },
    );
  }
}

/**
 * Before anything else opens DATA_DIR: it must be writable, and what an older release left readable
 * by other users is made private (the database, the session secret, archives: private-modes.mjs).
 * @param {ReturnType<typeof import("./config.mjs").dataPaths>} paths
 */
export function prepareDataDir(paths, log = console.log) {
  assertWritable(paths.dataDir);
  for (const problem of restrictDataDirModes(paths)) log(`Attenzione: permessi non ristretti (0600/0700) per ${problem}`);
}

/** @param {ReturnType<typeof import("./config.mjs").dataPaths>} paths */
export async function migrateDatabase(paths, log = console.log) {
  return applyPendingMigrations({
    databaseFile: paths.databaseFile,
    migrationsDir: paths.migrationsDir,
    log,
    beforeApply: async (pending) => {
      log(`Migrazioni da applicare: ${pending.join(", ")}. Backup automatico prima di migrare...`);
      const { archive } = await createBackup(paths, { kind: "pre-migrate" });
      log(`Backup pre-migrazione: ${archive}`);
    },
  });
}
