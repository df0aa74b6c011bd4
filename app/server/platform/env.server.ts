import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readConfig, type Config } from "../../../core/config.mjs";

/**
 * The app's view of the one configuration module (core/config.mjs, shared with the scripts
 * and prisma.config.ts): the only place in app/ that reads process.env. Defaults make `npm start`
 * work on a fresh clone.
 */
export type Env = Config & { sessionSecret: string };

let cached: Env | undefined;

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    // The secret signs staff cookies: readable by the server's user alone (core/private-modes.mjs).
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** The configuration; throws ConfigError (one line naming each wrong variable) when a value is refused. */
export function getEnv(): Env {
  if (cached) return cached;
  const config = readConfig(process.env);
  cached = { ...config, sessionSecret: config.sessionSecret ?? readOrCreateSecret(config.dataDir) };
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
