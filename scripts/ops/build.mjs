// `npm start` after a `git pull` must not serve the old build: rebuild when a source is newer.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// core/ too: the server bundles what it imports of it (core/release.mjs, core/log.mjs...).
const SOURCES = ["app", "core", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts", "prisma/schema.prisma"];
const SKIP = new Set(["generated", "node_modules"]);

/** @param {string} file @returns {{file: string, mtimeMs: number} | null} */
function newest(file) {
  if (!fs.existsSync(file)) return null;
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return { file, mtimeMs: stat.mtimeMs };
  let best = null;
  for (const name of fs.readdirSync(file)) {
    if (SKIP.has(name)) continue;
    const found = newest(path.join(file, name));
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

/**
 * Why the build must be (re)made, or null when it is current. In the container there are no
 * sources (only the build), so only a missing build counts.
 * @param {string} buildDir
 */
export function staleBuildReason(buildDir) {
  const entry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(entry)) return "no build";
  const builtAt = fs.statSync(entry).mtimeMs;
  for (const source of SOURCES) {
    const found = newest(source);
    if (found && found.mtimeMs > builtAt) return `the build is older than the sources (${found.file} changed since)`;
  }
  return null;
}

/**
 * Rebuilds when stale; throws a clear error when the build tools are not installed. The build's own
 * output goes to stderr: stdout carries the log's JSON lines only.
 * @param {string} buildDir @param {import("pino").Logger} log
 */
export function ensureFreshBuild(buildDir, log) {
  const reason = staleBuildReason(buildDir);
  if (!reason) return;
  if (!fs.existsSync(path.join("node_modules", "@react-router", "dev"))) {
    throw new Error(`cannot start: ${reason}, and the build tools are not installed (npm ci without --omit=dev)`);
  }
  log.info({ reason }, "building: npm run build");
  execFileSync("npm", ["run", "build"], { stdio: ["ignore", 2, 2] });
  log.info({ buildDir }, "build done");
}
