// npm run release -- prepare [REF] | adopt | use COMMIT | list
// Upgrades with seconds of downtime (docs/operations.md, Runbook; ADR 018). Each release is a folder of
// its own, releases/<commit>/, with its own dependencies and build, made while the running release
// serves; `current` is a symlink to the one the service starts. Switching is a symlink and a restart;
// going back is the same switch (the previous release is still there, built). Every release's `data`
// is a symlink to the checkout's data/ (when DATA_DIR is not set), so all of them work on one data folder.
// Each release's release.json records its commit: the running release reports that one (core/release.mjs),
// never the checkout's HEAD around it. An install made before releases existed (the checkout itself runs)
// becomes a release of its own commit with `adopt`, which the first `prepare` runs by itself: the
// runbook's rollback then has a release to go back to.
import "../core/node-version.mjs"; // first: an older Node stops here in one line
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { staleBuildReason } from "./ops/build.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const releasesDir = path.join(root, "releases");
const currentLink = path.join(root, "current");

function git(...args) {
  return execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();
}

const say = (line) => console.log(line);

/** The releases, oldest first, and the one `current` points at. */
function releases() {
  const names = fs.existsSync(releasesDir) ? fs.readdirSync(releasesDir).filter((n) => fs.existsSync(path.join(releasesDir, n, "release.json"))) : [];
  const infos = names.map((name) => ({ name, ...JSON.parse(fs.readFileSync(path.join(releasesDir, name, "release.json"), "utf8")) }));
  infos.sort((a, b) => a.preparedAt.localeCompare(b.preparedAt));
  const current = fs.existsSync(currentLink) ? path.basename(fs.readlinkSync(currentLink)) : null;
  return { infos, current };
}

/**
 * node_modules for a new release: a hard-linked copy of an install made from the same lock (a previous
 * release, the checkout itself, or --node-modules-from), in seconds; else `npm ci`. Nothing writes into
 * an installed node_modules afterwards (the build writes build/ and app/generated/), so sharing the
 * files is safe.
 */
function installDependencies(dir, extraSource) {
  const lock = fs.readFileSync(path.join(dir, "package-lock.json"));
  const candidates = [
    extraSource,
    ...releases()
      .infos.reverse()
      .map((r) => path.join(releasesDir, r.name)),
    root,
  ].filter(Boolean);
  for (const source of candidates) {
    const sourceLock = path.join(source, "package-lock.json");
    if (path.resolve(source) === dir || !fs.existsSync(path.join(source, "node_modules")) || !fs.existsSync(sourceLock)) continue;
    if (!lock.equals(fs.readFileSync(sourceLock))) continue;
    execFileSync("cp", ["-al", path.join(source, "node_modules"), path.join(dir, "node_modules")]);
    say(`node_modules: hard links to ${path.relative(root, source) || "the checkout"}'s (same package-lock.json)`);
    return;
  }
  say("node_modules: npm ci ...");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
}

function prepare(ref, nodeModulesFrom) {
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  // The first upgrade of a plain checkout: what runs now becomes a release first, the one to roll back to.
  if (!fs.existsSync(currentLink) && !releases().infos.length) {
    const reason = notAdoptableReason();
    if (reason) say(`the checkout was not adopted as a release (${reason}): a rollback will need npm run release -- prepare <its commit>`);
    else adopt();
  }
  const dir = newReleaseFolder(commit);
  if (!dir) return;
  installDependencies(dir, nodeModulesFrom && path.resolve(nodeModulesFrom));
  say("build: npm run build ...");
  execFileSync("npm", ["run", "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  writeReleaseJson(dir, commit);
  say(`prepared. Switch to it with: npm run release -- use ${commit.slice(0, 12)}, then restart the service`);
}

/** Last: a folder with release.json is a finished release (releases()). */
function writeReleaseJson(dir, commit, extra = {}) {
  fs.writeFileSync(path.join(dir, "release.json"), `${JSON.stringify({ commit, preparedAt: new Date().toISOString(), ...extra }, null, 2)}\n`);
}

/** git archive of COMMIT into a new releases/<commit>/, with its `data` link; returns the folder, or null when it is already prepared. */
function newReleaseFolder(commit) {
  const name = commit.slice(0, 12);
  const dir = path.join(releasesDir, name);
  if (fs.existsSync(path.join(dir, "release.json"))) {
    say(`release ${name} is already prepared: ${dir}`);
    return null;
  }
  // A half-made folder of an earlier attempt is made again.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  say(`release ${name} (${git("log", "-1", "--format=%cd %s", "--date=short", commit)}) into ${dir}`);
  execFileSync("sh", ["-c", `git -C "$0" archive --format=tar "$1" | tar -x -C "$2"`, root, commit, dir]);
  // One data folder for every release: ../../data unless DATA_DIR points elsewhere
  // (made first: the build's prisma.config.ts creates data/ when it is missing).
  fs.mkdirSync(path.join(root, "data"), { recursive: true, mode: 0o700 });
  fs.symlinkSync(path.join("..", "..", "data"), path.join(dir, "data"));
  return dir;
}

/**
 * Why the checkout's own install cannot become the release of its HEAD, or null: its tracked files must
 * be HEAD's and its build made from them (the start's own staleness check), so the adopted release runs
 * exactly what the checkout ran.
 */
function notAdoptableReason() {
  if (git("status", "--porcelain", "--untracked-files=no")) return "its tracked files differ from HEAD (git status)";
  if (!fs.existsSync(path.join(root, "node_modules"))) return "it has no node_modules";
  const stale = staleBuildReason(path.join(root, "build"));
  return stale ? `${stale}: run npm run build in it first` : null;
}

/** The checkout's running install becomes releases/<HEAD>/: its files at HEAD, its node_modules and build as hard links (seconds, no build). */
function adopt() {
  const reason = notAdoptableReason();
  if (reason) throw new Error(`the checkout cannot be adopted as a release: ${reason}`);
  const commit = git("rev-parse", "HEAD");
  const dir = newReleaseFolder(commit);
  if (!dir) return;
  for (const folder of ["node_modules", "build", path.join("app", "generated")]) {
    if (fs.existsSync(path.join(root, folder))) execFileSync("cp", ["-al", path.join(root, folder), path.join(dir, folder)]);
  }
  writeReleaseJson(dir, commit, { adopted: "the checkout's own install" });
  say(`adopted the checkout as release ${commit.slice(0, 12)}: the service may keep running in the checkout until the upgrade's restart`);
}

function use(name) {
  const { infos, current } = releases();
  const release = infos.find((r) => r.name === name || r.commit.startsWith(name));
  if (!release) throw new Error(`no prepared release ${name} in ${releasesDir} (npm run release -- list)`);
  // Atomic: the new link is made beside and renamed over the old one.
  const tmp = `${currentLink}.${process.pid}`;
  fs.symlinkSync(path.join("releases", release.name), tmp);
  fs.renameSync(tmp, currentLink);
  say(`current -> releases/${release.name}${current ? ` (was ${current})` : ""}. Restart the service to run it.`);
}

function list() {
  const { infos, current } = releases();
  if (!infos.length) say("no release prepared (npm run release -- prepare REF)");
  for (const r of infos) say(`${r.name === current ? "*" : " "} ${r.name}  prepared ${r.preparedAt}`);
}

// The checkout's relative paths (the build's sources, for adopt) are the checkout's whatever the caller's folder.
process.chdir(root);
const [command, ...args] = process.argv.slice(2);
try {
  if (command === "prepare") {
    const from = args.indexOf("--node-modules-from");
    const nodeModulesFrom = from === -1 ? undefined : args.splice(from, 2)[1];
    prepare(args[0] ?? "HEAD", nodeModulesFrom);
  } else if (command === "adopt") adopt();
  else if (command === "use" && args[0]) use(args[0]);
  else if (command === "list") list();
  else throw new Error("usage: npm run release -- prepare [REF] [--node-modules-from DIR] | adopt | use COMMIT | list");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
