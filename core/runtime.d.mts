// Types for the runtime checks every entry script makes first (core/runtime.mjs).
export const SUPPORTED_NODE: string;
export function unsupportedNode(nodeVersion?: string, range?: string): string | null;
export function nativeModuleProblem(): string | null;
export class RuntimeMismatchError extends Error {
  fields: { nativeModule: string; node: string };
}
