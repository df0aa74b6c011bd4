// Types for the tests, which run the same migration step as the server (scripts/ops/migrations.mjs).
export class MigrationError extends Error {
  migrationName: string;
  reason: string;
  fields: Record<string, unknown>;
}
export function applyPendingMigrations(options: {
  databaseFile: string;
  migrationsDir: string;
  beforeApply?: (pending: string[]) => Promise<void>;
  /** A pino logger (the start's); silent by default. */
  log?: { info: (fields: object, msg: string) => void; warn: (fields: object, msg: string) => void };
}): Promise<string[]>;
