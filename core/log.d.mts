// Types of core/log.mjs for the app's logger (app/server/platform/log.server.ts) and the tests.
import type { Logger } from "pino";
export function createLogger(options?: { level?: string; pretty?: boolean; mixin?: () => Record<string, unknown> }): Logger;
export function scriptLogger(config: { logLevel: string; nodeEnv: string } | null): Logger;
export function failureFields(error: unknown): Record<string, unknown>;
