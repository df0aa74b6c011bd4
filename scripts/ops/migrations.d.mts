// Types for the tests, which run the same migration step as the server (scripts/ops/migrations.mjs).
export class MigrationError extends Error {
  migrationName: string;
  reason: string;
  fields: Record<string, unknown>;
}
export function applyPendingMigrations(options: {
  databaseFile: string;
  /** A postgres:// or postgresql:// URL: the migrations go to that database instead of databaseFile. */
  databaseUrl?: string;
  migrationsDir: string;
  beforeApply?: (pending: string[]) => Promise<void>;
  /** A pino logger (the start's); silent by default. */
  log?: { info: (fields: object, msg: string) => void; warn: (fields: object, msg: string) => void };
}): Promise<string[]>;
export function isPostgresUrl(url: string | undefined): boolean;
