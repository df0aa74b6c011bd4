// Upgrade tests replay a release: the migrations a previous release had, then those up to the one
// under test. Later migrations (which may touch the same rows) are left out, so each test checks its
// own migration as it runs on a data folder of its time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const copies: string[] = [];

/** A copy of a migrations folder with only the migrations `keep` names (folders sort by their date prefix). */
export function migrationsFolder(dir: string, keep: (name: string) => boolean): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "composer-migrations-"));
  copies.push(copy);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !keep(entry.name)) continue;
    fs.cpSync(path.join(dir, entry.name), path.join(copy, entry.name), { recursive: true });
  }
  return copy;
}

/** Removes the copies (an afterAll of the test file). */
export function removeMigrationFolders(): void {
  for (const copy of copies.splice(0)) fs.rmSync(copy, { recursive: true, force: true });
}
