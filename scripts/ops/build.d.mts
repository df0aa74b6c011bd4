// Types for the e2e global setup, which builds the way `npm start` does (scripts/ops/build.mjs).
export function staleBuildReason(buildDir: string): string | null;
