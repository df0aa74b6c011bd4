// Types for the tests and benchmarks, which put their servers on data folders the way the operations scripts do (scripts/ops/config.mjs).
export function dataDirEnv(dataDir: string): { DATA_DIR: string; DATABASE_URL: string; UPLOADS_DIR: string };
export function dataPaths(env?: NodeJS.ProcessEnv): {
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  contentDir: string;
  secretFile: string;
  backupsDir: string;
  migrationsDir: string;
  backupKeep: number;
};
export const SQLITE_SIDE_FILES: string[];
export function buildSettings(env?: NodeJS.ProcessEnv): { buildDir: string; checkBuild: boolean };
export function serverProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function demoStaffAccount(env?: NodeJS.ProcessEnv): { username: string; password: string };
