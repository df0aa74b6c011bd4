// npm run migrate: applies pending migrations the way npm start does (backup first, all-or-nothing).
import { dataPaths } from "./ops/config.mjs";
import { assertWritable, migrateDatabase } from "./ops/prepare.mjs";

try {
  const paths = dataPaths();
  assertWritable(paths.dataDir);
  const applied = await migrateDatabase(paths);
  if (!applied.length) console.log("Nessuna migrazione da applicare.");
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
