// Which release runs: the version of package.json and the commit (GIT_COMMIT, set by whoever builds
// an image without .git, else the checkout's HEAD), for the start line, /healthz and `npm run doctor`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let found;

/** @param {{gitCommit?: string}} config */
export function releaseInfo(config) {
  if (found) return found;
  const { version } = JSON.parse(fs.readFileSync("package.json", "utf8"));
  let commit = config.gitCommit ?? null;
  if (!commit) {
    try {
      commit = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5_000 }).trim() || null;
    } catch {
      commit = null; // no git, or not a checkout (the container)
    }
  }
  found = { version: String(version ?? "0.0.0"), commit, node: process.versions.node };
  return found;
}
