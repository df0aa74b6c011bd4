// Types for the tests, which run the same migration step as the server (scripts/ops/migrations.mjs).
export class MigrationError extends Error {
  migrationName: string;
  reason: string;
}
export function applyPendingMigrations(options: {
  databaseFile: string;
  migrationsDir: string;
  beforeApply?: (pending: string[]) => Promise<void>;
  log?: (line: string) => void;
}): Promise<string[]>;
