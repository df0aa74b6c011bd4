// Which release runs: the version of package.json and the commit, for the start line, /healthz and
// `npm run doctor`. The commit is the running release's own, never the checkout's around it: GIT_COMMIT
// when set, else the release.json of the folder it runs in (written by `npm run release -- prepare`
// and `adopt`, and by the image's build from its GIT_COMMIT build arg: .git is not in the image), else
// HEAD when the folder is itself the git checkout (a plain install). A release folder lives inside the
// checkout (releases/<commit>/), whose HEAD is whatever was pulled last: it is never asked.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

let found;

/** The commit release.json records, or null (no file: a plain checkout). */
function recordedCommit() {
  try {
    const { commit } = JSON.parse(fs.readFileSync("release.json", "utf8"));
    return typeof commit === "string" && /^[0-9a-f]{7,40}$/i.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

/** HEAD, when the working folder is the top of a git checkout; null otherwise (no git, the container, a release folder). */
function checkoutHead() {
  const git = (...args) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5_000 }).trim();
  try {
    if (fs.realpathSync(git("rev-parse", "--show-toplevel")) !== fs.realpathSync(process.cwd())) return null;
    return git("rev-parse", "HEAD") || null;
  } catch {
    return null;
  }
}

/** @param {{gitCommit?: string}} config */
export function releaseInfo(config) {
  if (found) return found;
  const { version } = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8"));
  const commit = config.gitCommit ?? recordedCommit() ?? checkoutHead();
  found = { version: String(version ?? "0.0.0"), commit, node: process.versions.node };
  return found;
}
