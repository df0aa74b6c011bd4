// The benchmark's knobs, read here and nowhere else in scripts/bench (the same rule as the app's
// env.server.ts and core/config.mjs: one place reads the environment).
export const benchSettings = {
  /** Seconds of each load test (default 8). */
  seconds: Number(process.env.BENCH_SECONDS) || 8,
  /** Seconds of the many-visitors run (default 60). */
  visitorSeconds: Number(process.env.BENCH_VISITOR_SECONDS) || 60,
  /** "lighthouse": only the Lighthouse runs; "render": only the static files and the renders (page cache off); "cached": only the static files and the cached pages. */
  only: process.env.BENCH_ONLY,
  /**
   * `npm run bench pages -- --cpu-prof`: the server that renders every request (page cache off) runs under
   * `node --cpu-prof` and writes its profile into a fresh folder under /tmp, printed with the figures.
   */
  cpuProf: process.argv.includes("--cpu-prof"),
  lighthouse: process.env.BENCH_LIGHTHOUSE !== "0",
  lighthouseRuns: Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 1),
  lighthousePages: process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").filter(Boolean),
  /** A folder to keep each Lighthouse report in. */
  lighthouseJson: process.env.BENCH_LIGHTHOUSE_JSON || null,
  /** Another server script (with BUILD_DIR, another build) measured the same way. */
  serverScript: process.env.BENCH_SERVER || "server.mjs",
  nodeArgs: process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [],
  searchItems: Number(process.env.BENCH_ITEMS) || 10_000,
  searchRuns: Number(process.env.BENCH_RUNS) || 200,
};

/** The environment a child process of the benchmark starts from (this one's, plus `extra`). */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Points this process's app modules (the search benchmark imports them) at `vars`. */
export function setAppEnv(vars: Record<string, string>, unset: string[] = []): void {
  Object.assign(process.env, vars);
  for (const name of unset) delete process.env[name];
}
