import type { Logger } from "pino";
import { createLogger } from "../../../core/log.mjs";
import { getEnv } from "./env.server";
import { currentRequestId } from "./request-scope.server";

/**
 * The server's logger (core/log.mjs, shared with the scripts): JSON lines on stdout
 * (docs/operations.md, "Logs"). Every line written while a request is served carries its id
 * (`reqId`), whoever writes it.
 */
let logger: Logger | undefined;

export function log(): Logger {
  if (logger) return logger;
  const env = getEnv();
  logger = createLogger({
    level: env.logLevel,
    pretty: env.nodeEnv === "development",
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  });
  return logger;
}
