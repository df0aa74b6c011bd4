import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Browser and HTTP tests against the production build (the "e2e" project of vitest.config.ts; alone:
 * `npx vitest run --config vitest.e2e.config.ts`). The global setup builds when stale, makes the
 * template data folders once, and starts one Chromium per worker and one read-only demo server both
 * workers share (tests/support/).
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/production-react.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // A worker runs its files one after another in one process instead of a fresh one per file: the
    // files hold no state of their own between them (servers, browsers and environment are set up and
    // undone in hooks, tests/support/), and the e2e run takes 328 s instead of 382 s (module imports
    // 3 s instead of 22 s, fewer process starts).
    isolate: false,
    maxWorkers: 2,
    // The in-process servers (tests/support/in-process.ts) load server-app.mjs and the build with Node's own
    // loader, as server.mjs does: through vite's, react-router would resolve to its development build
    // beside the build's production one, and a context made by one fails the other's instanceof check.
    server: { deps: { external: [/\/server-app\.mjs$/, /\/build\/server\//] } },
  },
});
