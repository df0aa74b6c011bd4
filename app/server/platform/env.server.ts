import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The one place that reads process.env. Defaults make `npm start` work on a fresh clone. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("data"),
  DATABASE_URL: z.string().optional(),
  UPLOADS_DIR: z.string().optional(),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET deve avere almeno 16 caratteri").optional(),
  ADMIN_USERNAME: z.string().trim().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  SMTP_URL: z.string().optional(),
  CONTACT_TO: z.string().default("studio@example.com"),
  CONTACT_EMAIL: z.string().default("info@elenamarchetti.example"),
  PUBLIC_ORIGIN: z.string().url().optional(),
  // Behind a reverse proxy: how many hops (1), "true" (all), or a list of addresses/subnets.
  TRUST_PROXY: z.string().optional(),
  /** Bytes of the anonymous page cache, in MB (app/server/http/page-cache.server.ts); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** Longest a client may take to send a whole request, uploads included (server.mjs). */
  REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(120),
  /** Open connections at most; more are closed at once (server.mjs). */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(1000),
  /** Free space uploads must leave on their disk, in MB (storage.server.ts uploadRoom); default 1 GB or 10 %. */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  SEED_DEMO: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string;
  databaseFile: string;
  uploadsDir: string;
  sessionSecret: string;
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
  /** Undefined: 1 GB or a tenth of the uploads' disk, whichever is smaller. */
  minFreeDiskBytes?: number;
};

function trustProxySetting(raw: string | undefined): boolean | number | string {
  if (!raw || raw === "false" || raw === "0") return false;
  if (raw === "true") return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

let cached: Env | undefined;

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    // The secret signs staff cookies: readable by the server's user alone (scripts/ops/private-modes.mjs).
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Configurazione non valida: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL || `file:${path.join(dataDir, "app.db")}`;
  if (!databaseUrl.startsWith("file:")) {
    throw new Error("DATABASE_URL deve essere un percorso file: di SQLite (es. file:/data/app.db)");
  }
  const databaseFile = path.resolve(databaseUrl.slice("file:".length));
  cached = {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    dataDir,
    databaseUrl: `file:${databaseFile}`,
    databaseFile,
    uploadsDir: path.resolve(e.UPLOADS_DIR || path.join(dataDir, "uploads")),
    sessionSecret: e.SESSION_SECRET || readOrCreateSecret(dataDir),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL || undefined,
    contactTo: e.CONTACT_TO,
    contactEmail: e.CONTACT_EMAIL,
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ""),
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    requestTimeoutMs: e.REQUEST_TIMEOUT_S * 1000,
    maxConnections: e.MAX_CONNECTIONS,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB === undefined ? undefined : e.MIN_FREE_DISK_MB * 1024 * 1024,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "warn" : "info"),
    seedDemo: e.SEED_DEMO,
  };
  return cached;
}

/** What server.mjs sets on its HTTP server. */
export function serverSettings() {
  const { port, requestTimeoutMs, maxConnections } = getEnv();
  return { port, requestTimeoutMs, maxConnections };
}

/** Tests point each file at its own database; they reset the cache after changing process.env. */
export function resetEnvForTests() {
  cached = undefined;
}
