// Types of core/release.mjs for the app (/healthz, the start line).
export function releaseInfo(config: { gitCommit?: string }): { version: string; commit: string | null; node: string };
