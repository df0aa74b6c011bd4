// THE configuration of the site: every environment variable the server, the operations scripts and
// prisma.config.ts read is named, validated and given its default here, once. Plain JavaScript with
// runtime dependencies only (zod), so the scripts run it without the build (and in the container);
// app/server/platform/env.server.ts wraps it for the app, adding only the session secret, which it may create.
// A bad value stops the start with one line that names the variable and says what it expects
// (ConfigError), never a stack trace.
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** Values never repeated in a message: they may hold a password or a token. */
const SECRET = new Set(["SESSION_SECRET", "ADMIN_PASSWORD", "SMTP_URL", "METRICS_TOKEN", "DATABASE_URL", "S3_SECRET_ACCESS_KEY", "CDN_PURGE_TOKEN"]);

/** Express's named ranges for "trust proxy" (proxy-addr), besides addresses and subnets. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or a subnet (`10.0.0.0/8`, `fd00::/8`) or a named range, as Express's "trust proxy" takes it. */
function isTrustedRange(item) {
  if (NAMED_RANGES.has(item)) return true;
  const [address = "", prefix, extra] = item.split("/");
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix) && !net.isIP(prefix)) return false;
  return net.isIP(prefix) === 4 || Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Express's "trust proxy" setting; undefined when the value is none of the forms it takes. */
function trustProxySetting(raw) {
  if (raw === undefined || raw === "false" || raw === "0") return false;
  if (raw === "true") return true;
  if (/^\d{1,3}$/.test(raw)) return Number(raw);
  const items = raw.split(",").map((item) => item.trim());
  return items.every(isTrustedRange) ? items.join(",") : undefined;
}

/** A PostgreSQL connection URL (the two schemes libpq takes). */
const isPostgresUrl = (value) => /^postgres(ql)?:\/\//.test(value);

const wholeNumber = (min, max) => z.coerce.number().int().min(min).max(max);
/** A URL with one of `schemes`, and whatever else `also` asks of it. */
const url = (schemes, also = () => true) =>
  z.string().refine((value) => {
    try {
      const parsed = new URL(value);
      return schemes.includes(parsed.protocol) && also(parsed);
    } catch {
      return false;
    }
  });

/** What each variable takes, said the way the refusal says it ("PORT: expected ..."). */
const VARIABLES = {
  NODE_ENV: [z.enum(["development", "production", "test"]).default("development"), "development, production or test"],
  PORT: [wholeNumber(1, 65535).default(3000), "a port number from 1 to 65535"],
  DATA_DIR: [z.string().default("data"), "a folder"],
  // file: is SQLite (the default, DATA_DIR/app.db); postgres:// or postgresql:// is PostgreSQL (docs/scaling.md).
  DATABASE_URL: [
    z
      .string()
      .refine((value) => value.startsWith("file:") || isPostgresUrl(value))
      .optional(),
    "a SQLite file URL (file:/data/app.db) or a PostgreSQL URL (postgresql://user:password@host:5432/database)",
  ],
  UPLOADS_DIR: [z.string().optional(), "a folder"],
  SESSION_SECRET: [z.string().min(16).optional(), "at least 16 characters"],
  ADMIN_USERNAME: [z.string().trim().min(1).optional(), "a user name"],
  ADMIN_PASSWORD: [z.string().min(1).optional(), "a password"],
  SMTP_URL: [url(["smtp:", "smtps:"]).optional(), "an smtp:// or smtps:// URL (smtps://user:password@mail.example.com)"],
  CONTACT_TO: [z.string().default("studio@example.com"), "an e-mail address"],
  CONTACT_EMAIL: [z.string().default("info@elenamarchetti.example"), "an e-mail address"],
  PUBLIC_ORIGIN: [
    url(["http:", "https:"], (parsed) => parsed.pathname === "/" && !parsed.search && !parsed.hash).optional(),
    "the site's address, scheme and host only (https://www.example.com)",
  ],
  // Behind a reverse proxy: how many hops (1), "true" (all), or a list of addresses/subnets.
  TRUST_PROXY: [
    z
      .string()
      .refine((value) => trustProxySetting(value) !== undefined)
      .optional(),
    "true, false, a number of proxies (1), or a comma-separated list of addresses or subnets (10.0.0.0/8, loopback)",
  ],
  /** Bytes of the anonymous page cache, in MB (app/server/http/page-cache.server.ts); 0 turns it off. */
  PAGE_CACHE_MB: [wholeNumber(0, 4096).default(32), "a whole number of MB from 0 to 4096"],
  /** Longest a client may take to send a whole request, uploads included (server.mjs). */
  REQUEST_TIMEOUT_S: [wholeNumber(1, 3600).default(120), "a whole number of seconds from 1 to 3600"],
  /** Open connections at most; more are closed at once (server.mjs). */
  MAX_CONNECTIONS: [wholeNumber(1, 1_000_000).default(1000), "a whole number from 1"],
  /** Largest track master staff may upload, in MB (app/server/domain/uploads.server.ts); a reverse proxy's body limit must be at least this (docs/operations.md). */
  MAX_TRACK_MB: [wholeNumber(1, 1024 * 1024).default(1024), "a whole number of MB from 1"],
  /** Longest track the transcode decodes, in minutes (app/server/domain/audio-transcode.server.ts): a few KB of FLAC can hold hours of silence. */
  MAX_TRACK_MINUTES: [wholeNumber(1, 24 * 60).default(180), "a whole number of minutes from 1 to 1440"],
  /** Heap of the process that decodes a master, in MB (app/server/domain/audio-transcode-process.server.ts): past it that process dies, not the server. */
  TRANSCODE_MEMORY_MB: [wholeNumber(64, 16_384).default(256), "a whole number of MB from 64 to 16384"],
  /** Longest a try of a transcode may run, in minutes (the same module): then its process is killed and the try fails. */
  TRANSCODE_TIMEOUT_MINUTES: [wholeNumber(1, 24 * 60).default(30), "a whole number of minutes from 1 to 1440"],
  /** Free space uploads and backups must leave on their disk, in MB (core/disk.mjs); default 1 GB or 10 %. */
  MIN_FREE_DISK_MB: [wholeNumber(0, 1e9).optional(), "a whole number of MB"],
  LOG_LEVEL: [z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(), "fatal, error, warn, info, debug, trace or silent"],
  SEED_DEMO: [z.enum(["0", "1", "true", "false"]).default("1"), "0, 1, true or false"],
  /** Archives kept per kind in DATA_DIR/backups (scripts/ops/backup.mjs). */
  BACKUP_KEEP: [wholeNumber(1, 1000).default(10), "a whole number from 1 to 1000"],
  /** `npm run doctor` reports the newest archive older than this. */
  BACKUP_MAX_AGE_H: [wholeNumber(1, 24 * 365).default(26), "a whole number of hours"],
  /** Contact messages older than this are deleted by the janitor (app/server/domain/janitor.server.ts). */
  CONTACT_RETENTION_DAYS: [wholeNumber(1, 36_500).default(365), "a whole number of days from 1 to 36500"],
  /** Revisions of news, music and content pages older than this are pruned by the janitor (the last 20 of each item stay; ADR 027). */
  REVISION_KEEP_DAYS: [wholeNumber(1, 36_500).default(365), "a whole number of days from 1 to 36500"],
  /** Background jobs (app/server/domain/jobs.server.ts): how long a claimed job is held before another process may take it over (renewed while it runs). */
  JOB_LEASE_S: [wholeNumber(2, 3600).default(60), "a whole number of seconds from 2 to 3600"],
  /** Background jobs run at once by one server process; 1 keeps a core free for visitors. */
  JOB_CONCURRENCY: [wholeNumber(1, 16).default(1), "a whole number from 1 to 16"],
  // The periodic passes (app/server/storage/background-leader.server.ts): on PostgreSQL only the
  // instance holding the leader's advisory lock runs them; LEADER_RETRY_S is how often the others try it.
  /** The janitor's pass (app/server/domain/janitor.server.ts). */
  JANITOR_EVERY_S: [wholeNumber(1, 86_400).default(3600), "a whole number of seconds from 1 to 86400"],
  /** The contact mail's retry pass (app/server/domain/contact.server.ts). */
  MAIL_RETRY_EVERY_S: [wholeNumber(1, 86_400).default(60), "a whole number of seconds from 1 to 86400"],
  /** Newsletter mails sent per minute by a send (app/server/domain/newsletter-send.server.ts): what small mail providers allow. */
  NEWSLETTER_RATE_PER_MIN: [wholeNumber(1, 1_000_000).default(60), "a whole number from 1 to 1000000"],
  LEADER_RETRY_S: [wholeNumber(1, 3600).default(5), "a whole number of seconds from 1 to 3600"],
  /** PostgreSQL: how often the content version is read in the background besides LISTEN/NOTIFY (content-version.server.ts). */
  CONTENT_POLL_S: [wholeNumber(1, 3600).default(1), "a whole number of seconds from 1 to 3600"],
  /** This instance's name in /healthz, /metrics' logs and the leader's connection; default <hostname>-<pid>. */
  INSTANCE_ID: [
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/)
      .optional(),
    "1 to 64 letters, digits, dots, colons, underscores or hyphens",
  ],
  /** /metrics: the bearer token it asks for; unset, it answers loopback clients only. */
  METRICS_TOKEN: [z.string().min(16).optional(), "at least 16 characters"],
  // S3-compatible object storage (docs/scaling.md): with S3_BUCKET set, stored files live in the
  // bucket instead of UPLOADS_DIR (which keeps only the staging of uploads). S3_ENDPOINT is left unset for AWS itself.
  S3_ENDPOINT: [url(["http:", "https:"]).optional(), "the S3 server's URL (https://s3.eu-central-1.example.com)"],
  S3_REGION: [z.string().trim().min(1).optional(), "a region name (eu-central-1)"],
  S3_BUCKET: [
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
    "a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)",
  ],
  S3_ACCESS_KEY_ID: [z.string().min(1).optional(), "an access key id"],
  S3_SECRET_ACCESS_KEY: [z.string().min(1).optional(), "a secret access key"],
  /** Bucket in the path (https://host/bucket/key) rather than in the host name: most S3-compatible servers want it. */
  S3_FORCE_PATH_STYLE: [z.enum(["0", "1", "true", "false"]).default("0"), "0, 1, true or false"],
  /** /media answers large audio with a redirect to a short-lived presigned URL of the bucket instead of streaming it itself. */
  S3_PRESIGN_AUDIO: [z.enum(["0", "1", "true", "false"]).default("0"), "0, 1, true or false"],
  // A CDN in front (docs/scaling.md, "A CDN in front"): after a content change, the page URLs this
  // process had cached are POSTed to CDN_PURGE_URL as {"files": [...]}, Cloudflare's purge-by-URL body.
  CDN_PURGE_URL: [url(["http:", "https:"]).optional(), "the CDN's purge endpoint (https://api.cloudflare.com/client/v4/zones/ZONE_ID/purge_cache)"],
  /** Sent as `Authorization: Bearer …` with each purge. */
  CDN_PURGE_TOKEN: [z.string().min(1).optional(), "an API token"],
  /** The release's commit, shown by /healthz and the start line (else read from .git when there is one). */
  GIT_COMMIT: [
    z
      .string()
      .regex(/^[0-9a-f]{7,40}$/i)
      .optional(),
    "a git commit hash",
  ],
  // For the test suite, not for production (docs/operations.md): another migrations folder (the
  // broken-migration test), another build folder, and no rebuild check (tests build once).
  MIGRATIONS_DIR: [z.string().optional(), "a folder"],
  BUILD_DIR: [z.string().optional(), "a folder"],
  BUILD_CHECK: [z.enum(["0", "1"]).default("1"), "0 or 1"],
};

const schema = z.object(Object.fromEntries(Object.entries(VARIABLES).map(([name, [type]]) => [name, type])));

export class ConfigError extends Error {
  /** @param {{variable: string, problem: string}[]} problems */
  constructor(problems) {
    super(`invalid configuration: ${problems.map((p) => `${p.variable}: ${p.problem}`).join("; ")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Setting any of these asks for object storage; then the S3_REQUIRED ones must all be there. */
const S3_VARIABLES = ["S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
const S3_REQUIRED = ["S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
const isOn = (value) => value === "1" || value === "true";

/** The variables as set: an empty value (`FOO=` in a compose file) counts as unset. */
function setVariables(env) {
  return Object.fromEntries(Object.keys(VARIABLES).flatMap((name) => (env[name] === undefined || env[name] === "" ? [] : [[name, env[name]]])));
}

/**
 * The whole configuration, validated; throws ConfigError naming every variable that is wrong.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function readConfig(env = process.env) {
  const given = setVariables(env);
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    throw new ConfigError(
      names.map((variable) => ({
        variable,
        problem: `expected ${VARIABLES[variable]?.[1] ?? "a valid value"}${SECRET.has(variable) ? "" : `, got ${JSON.stringify(given[variable])}`}`,
      })),
    );
  }
  const e = parsed.data;
  const s3Given = S3_VARIABLES.filter((name) => given[name] !== undefined);
  if (s3Given.length > 0) {
    const missing = S3_REQUIRED.filter((name) => given[name] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map((variable) => ({ variable, problem: `required with ${s3Given.join(", ")} (object storage needs ${S3_REQUIRED.join(", ")})` })),
      );
    }
  }
  const postgres = e.DATABASE_URL !== undefined && isPostgresUrl(e.DATABASE_URL);
  // Several instances share a PostgreSQL database: each must sign and check session cookies with the
  // same secret, so none may make one of its own in its DATA_DIR.
  if (postgres && given.SESSION_SECRET === undefined) {
    throw new ConfigError([
      { variable: "SESSION_SECRET", problem: "required with a PostgreSQL DATABASE_URL (every instance must sign sessions with the same secret)" },
    ]);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseFile = path.resolve(e.DATABASE_URL && !postgres ? e.DATABASE_URL.slice("file:".length) : path.join(dataDir, "app.db"));
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    dataDir,
    /** Which database DATABASE_URL names: SQLite (a file) or PostgreSQL. */
    database: postgres ? "postgresql" : "sqlite",
    databaseUrl: postgres ? e.DATABASE_URL : `file:${databaseFile}`,
    /** The SQLite file (in PostgreSQL mode the one it would be, unused). */
    databaseFile,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    /** Operator-edited content files (content/data/<name>.json overrides), see content.server.ts. */
    contentDir: path.join(dataDir, "content"),
    secretFile: path.join(dataDir, "session-secret"),
    backupsDir: path.join(dataDir, "backups"),
    migrationsDir: path.resolve(e.MIGRATIONS_DIR ?? (postgres ? path.join("prisma", "postgresql", "migrations") : path.join("prisma", "migrations"))),
    backupKeep: e.BACKUP_KEEP,
    backupMaxAgeMs: e.BACKUP_MAX_AGE_H * 3600_000,
    contactRetentionMs: e.CONTACT_RETENTION_DAYS * 86_400_000,
    revisionKeepMs: e.REVISION_KEEP_DAYS * 86_400_000,
    buildDir: path.resolve(e.BUILD_DIR ?? "build"),
    checkBuild: e.BUILD_CHECK !== "0",
    sessionSecret: e.SESSION_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    contactTo: e.CONTACT_TO,
    contactEmail: e.CONTACT_EMAIL,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ""),
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    requestTimeoutMs: e.REQUEST_TIMEOUT_S * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    maxTrackBytes: e.MAX_TRACK_MB * 1024 * 1024,
    maxTrackSeconds: e.MAX_TRACK_MINUTES * 60,
    transcodeMemoryMb: e.TRANSCODE_MEMORY_MB,
    transcodeTimeoutMs: e.TRANSCODE_TIMEOUT_MINUTES * 60_000,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB === undefined ? undefined : e.MIN_FREE_DISK_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "warn" : "info"),
    seedDemo: isOn(e.SEED_DEMO),
    /** Object storage, or undefined for the local disk (UPLOADS_DIR). */
    s3:
      e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: isOn(e.S3_FORCE_PATH_STYLE),
            presignAudio: isOn(e.S3_PRESIGN_AUDIO),
          }
        : undefined,
    /** Where page URLs are purged after a content change, or undefined without a CDN. */
    cdnPurge: e.CDN_PURGE_URL ? { url: e.CDN_PURGE_URL, token: e.CDN_PURGE_TOKEN } : undefined,
    metricsToken: e.METRICS_TOKEN,
    jobLeaseMs: e.JOB_LEASE_S * 1000,
    jobConcurrency: e.JOB_CONCURRENCY,
    janitorEveryMs: e.JANITOR_EVERY_S * 1000,
    mailRetryEveryMs: e.MAIL_RETRY_EVERY_S * 1000,
    newsletterRatePerMin: e.NEWSLETTER_RATE_PER_MIN,
    leaderRetryMs: e.LEADER_RETRY_S * 1000,
    contentPollMs: e.CONTENT_POLL_S * 1000,
    instanceId: e.INSTANCE_ID ?? `${os.hostname()}-${process.pid}`,
    gitCommit: e.GIT_COMMIT,
  };
}

/** @param {NodeJS.ProcessEnv} [env] */
export function dataPaths(env = process.env) {
  const { dataDir, database, databaseUrl, databaseFile, uploadsDir, contentDir, secretFile, backupsDir, migrationsDir, backupKeep, minFreeDiskBytes } =
    readConfig(env);
  return { dataDir, database, databaseUrl, databaseFile, uploadsDir, contentDir, secretFile, backupsDir, migrationsDir, backupKeep, minFreeDiskBytes };
}

/**
 * The environment of the server process `npm start` runs: this one's, in production mode unless
 * NODE_ENV says otherwise.
 */
export function serverProcessEnv(env = process.env) {
  return { NODE_ENV: "production", ...env };
}

/**
 * The environment of a tool a script runs (pg_dump, pg_restore): this process's, with `extra` (a
 * password the tool reads from its environment rather than from arguments every user can list).
 * @param {Record<string, string>} extra
 */
export function toolProcessEnv(extra, env = process.env) {
  return { ...env, ...extra };
}

/**
 * The staff account the api/ client demo signs in with when none is given on its command line
 * (the one the demo content creates: ADMIN_USERNAME, ADMIN_PASSWORD).
 */
export function demoStaffAccount(env = process.env) {
  return { username: env.ADMIN_USERNAME ?? "admin", password: env.ADMIN_PASSWORD ?? "" };
}

/**
 * The variables that put a server or a test process on a data folder of its own (the database and
 * the uploads inside it), for test and benchmark harnesses.
 * @param {string} dataDir
 */
export function dataDirEnv(dataDir) {
  return { DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "app.db")}`, UPLOADS_DIR: path.join(dataDir, "uploads") };
}

/** The files SQLite keeps beside a database: stale ones must go when the database is replaced. */
export const SQLITE_SIDE_FILES = ["-wal", "-shm", "-journal"];

/**
 * Working files under UPLOADS_DIR, never part of a backup (scripts/ops/backup.mjs): the folder of files
 * being received or made (the edge's streamed parts, transcodes' work folders, files uploaded ahead of
 * a form save), and the unfinished writes of the store, a name with this suffix beside their key until
 * they are renamed into place. A file there may change while a backup reads it.
 */
export const UPLOADS_WORK_DIR = "tmp";
export const UNFINISHED_SUFFIX = ".part";
