import { pino, type Logger } from "pino";
import { getEnv } from "./env.server";

/**
 * The one logger: JSON lines on stdout (docs/operations.md, "Logs"), readable lines in development.
 * Secrets never reach it: requests are logged field by field (no headers, no bodies), and the
 * redact list is a second net for anything passed by mistake.
 */
let logger: Logger | undefined;

export function log(): Logger {
  if (logger) return logger;
  const env = getEnv();
  const pretty = env.nodeEnv === "development";
  logger = pino({
    level: env.logLevel,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [
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
      ],
      censor: "[redacted]",
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  });
  return logger;
}
