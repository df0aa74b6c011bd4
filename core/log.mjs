// The one logger of every process of the site: the server (app/server/platform/log.server.ts wraps this), the
// start wrapper and the operations scripts. JSON lines on stdout, one object each, with an English
// `msg` that does not change (docs/operations.md, "Logs", filters on it); readable lines in
// development. Secrets never reach it: requests are logged field by field (no headers, no bodies),
// and the redact list is a second net for anything passed by mistake.
import { pino } from "pino";

const REDACT = [
  "password",
  "*.password",
  "cookie",
  "*.cookie",
  "headers.cookie",
  "headers.authorization",
  "token",
  "*.token",
  "csrf",
  "*.csrf",
  "secret",
  "*.secret",
];

/**
 * An error as a log line carries it: pino's own form (type, message, stack, cause) and the error's scalar
 * fields (`code`, `errno`, `status`...), never the objects a library hangs on it: node-postgres puts its
 * whole `client` on a connection error (a 7 KB line with the connection's settings).
 * @param {Error} error
 */
function errorFields(error) {
  const serialized = pino.stdSerializers.err(error);
  if (!serialized || typeof serialized !== "object") return serialized;
  return Object.fromEntries(
    Object.entries(serialized).filter(([key, value]) => value === null || typeof value !== "object" || key === "cause" || key === "aggregateErrors"),
  );
}

/**
 * @param {{level?: string, pretty?: boolean, mixin?: () => Record<string, unknown>}} [options]
 * `mixin` adds fields to every line (the server: the id of the request the line belongs to). `pretty`
 * (development) prints readable lines only to a terminal: piped or redirected, the lines stay JSON, so
 * `npm run -s backup | jq` works on a host without NODE_ENV as in the container.
 */
export function createLogger({ level = "info", pretty = false, mixin } = {}) {
  const readable = pretty && process.stdout.isTTY === true;
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT, censor: "[redacted]" },
    serializers: { err: errorFields },
    ...(mixin ? { mixin } : {}),
    ...(readable ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  });
}

/**
 * The logger of a script, at the level and in the form the configuration asks for; a configuration that
 * cannot be read still gets JSON lines at "info" (the refusal itself must be logged).
 * @param {{logLevel: string, nodeEnv: string} | null} config
 */
export function scriptLogger(config) {
  return createLogger({ level: config?.logLevel === "silent" ? "silent" : (config?.logLevel ?? "info"), pretty: config?.nodeEnv === "development" });
}

/**
 * What an error that stops a script is logged with: its one-line reason and the fields it carries
 * (`fix`, `variables`...), no stack; an unexpected error (a bug) keeps its stack.
 * @param {unknown} error
 */
export function failureFields(error) {
  if (!(error instanceof Error)) return { reason: String(error) };
  const known = /** @type {{fields?: Record<string, unknown>, problems?: {variable: string}[]}} */ (error);
  if (known.problems) return { reason: error.message, variables: known.problems.map((p) => p.variable) };
  if (known.fields) return { reason: error.message, ...known.fields };
  return { reason: error.message, err: error };
}
