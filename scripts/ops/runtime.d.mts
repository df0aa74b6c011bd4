// Types for the tests of the runtime checks npm start runs first (scripts/ops/runtime.mjs).
export function unsafePairing(nodeVersion?: string, sqliteVersion?: string): string | null;
export function nativeModuleProblem(): string | null;
export const SUPPORTED_NODE: string;
export function unsupportedNode(nodeVersion?: string, range?: string): string | null;
