// Types for the e2e global setup, which builds the way `npm start` does (scripts/ops/build.mjs).
export function staleBuildReason(buildDir: string): string | null;
export function ensureFreshBuild(buildDir: string, log?: (line: string) => void): void;
