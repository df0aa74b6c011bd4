// Types of the one configuration module (core/config.mjs), for the app (app/server/platform/env.server.ts),
// prisma.config.ts, the tests and the benchmarks.
export type Config = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  dataDir: string;
  /** Which database DATABASE_URL names: SQLite (file:, the default) or PostgreSQL (postgres://, postgresql://). */
  database: "sqlite" | "postgresql";
  /** file:/abs/app.db, or the PostgreSQL URL as given. */
  databaseUrl: string;
  databaseFile: string;
  uploadsDir: string;
  contentDir: string;
  secretFile: string;
  backupsDir: string;
  migrationsDir: string;
  backupKeep: number;
  contactRetentionMs: number;
  revisionKeepMs: number;
  jobLeaseMs: number;
  jobConcurrency: number;
  /** JANITOR_EVERY_S, MAIL_RETRY_EVERY_S, LEADER_RETRY_S, CONTENT_POLL_S in milliseconds. */
  janitorEveryMs: number;
  mailRetryEveryMs: number;
  /** NEWSLETTER_RATE_PER_MIN: newsletter mails a send delivers per minute. */
  newsletterRatePerMin: number;
  leaderRetryMs: number;
  contentPollMs: number;
  /** INSTANCE_ID, or <hostname>-<pid>. */
  instanceId: string;
  backupMaxAgeMs: number;
  buildDir: string;
  checkBuild: boolean;
  /** SESSION_SECRET when set (app/server/platform/env.server.ts otherwise reads or makes DATA_DIR/session-secret). */
  sessionSecret?: string;
  adminUsername?: string;
  adminPassword?: string;
  smtpUrl?: string;
  contactTo: string;
  contactEmail: string;
  publicOrigin?: string;
  /** Express's "trust proxy" setting; false when TRUST_PROXY is unset. */
  trustProxy: boolean | number | string;
  logLevel: string;
  seedDemo: boolean;
  /** 0: the page cache is off. */
  pageCacheBytes: number;
  requestTimeoutMs: number;
  maxConnections: number;
  /** The largest track master an upload may carry (MAX_TRACK_MB). */
  maxTrackBytes: number;
  maxTrackSeconds: number;
  transcodeMemoryMb: number;
  transcodeTimeoutMs: number;
  /** Undefined: 1 GB or a tenth of the disk, whichever is smaller (core/disk.mjs). */
  minFreeDiskBytes?: number;
  metricsToken?: string;
  gitCommit?: string;
  /** CDN_PURGE_URL and CDN_PURGE_TOKEN, or undefined without a CDN (app/server/platform/cdn-purge.server.ts). */
  cdnPurge?: { url: string; token?: string };
  /** Object storage (S3_*), or undefined for the local disk. */
  s3?: S3Settings;
};

export type S3Settings = {
  /** Undefined: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  presignAudio: boolean;
};

export class ConfigError extends Error {
  problems: { variable: string; problem: string }[];
}
export function readConfig(env?: NodeJS.ProcessEnv): Config;
export type DataPaths = Pick<
  Config,
  | "dataDir"
  | "database"
  | "databaseUrl"
  | "databaseFile"
  | "uploadsDir"
  | "contentDir"
  | "secretFile"
  | "backupsDir"
  | "migrationsDir"
  | "backupKeep"
  | "minFreeDiskBytes"
>;
export function dataPaths(env?: NodeJS.ProcessEnv): DataPaths;
export function dataDirEnv(dataDir: string): { DATA_DIR: string; DATABASE_URL: string; UPLOADS_DIR: string };
export const SQLITE_SIDE_FILES: string[];
export function serverProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function toolProcessEnv(extra: Record<string, string>, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function demoStaffAccount(env?: NodeJS.ProcessEnv): { username: string; password: string };
export const UPLOADS_WORK_DIR: string;
export const UNFINISHED_SUFFIX: string;
