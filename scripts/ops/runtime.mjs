// Does this Node run the native module the install compiled? better-sqlite3 is not N-API: its binary
// works with one Node major only (its NODE_MODULE_VERSION). After switching Node (20 → 24) without
// `npm rebuild`, the first database open would fail with a five-line dlopen error deep in a migration.
import { createRequire } from "node:module";
import semver from "semver";

const require = createRequire(import.meta.url);

/** The Node versions the site supports: package.json's engines (README, "Node versions"). */
export const SUPPORTED_NODE = require("../../package.json").engines.node;

/**
 * Why this Node is not one the site supports, in one line; null when it is. `npm run doctor` reports it
 * (scripts/doctor.mjs, the runtime check).
 */
export function unsupportedNode(nodeVersion = process.versions.node, range = SUPPORTED_NODE) {
  return semver.satisfies(nodeVersion, range) ? null : `Node ${nodeVersion} is not supported: package.json's engines asks for ${range}`;
}

/** NODE_MODULE_VERSION → the Node major it belongs to, for the message (the ones this project meets). */
const NODE_MAJOR_OF_ABI = { 115: "20", 127: "22", 137: "24", 141: "25" };

/**
 * A pairing that loads but then kills the process (or kills it as it loads): better-sqlite3 before 13 (node::ObjectWrap) aborts
 * Node 24 with "Assertion failed: (env) != nullptr" (RemoveEnvironmentCleanupHook) as soon as the
 * garbage collector frees a statement or a backup: seconds after start, or in `npm run backup`
 * (ADR 018). better-sqlite3 13 fixed it, but it needs Node 22 or newer: the image and CI's Node 24 pass
 * put it in place (scripts/ops/better-sqlite3-for-node.sh).
 */
export function unsafePairing(nodeVersion = process.versions.node, sqliteVersion = require("better-sqlite3/package.json").version) {
  const nodeMajor = Number(nodeVersion.split(".")[0]);
  const sqliteMajor = Number(sqliteVersion.split(".")[0]);
  if (nodeMajor >= 24 && sqliteMajor < 13) {
    return `better-sqlite3 ${sqliteVersion} aborts under Node ${nodeVersion} when it frees a statement: run bash scripts/ops/better-sqlite3-for-node.sh use (better-sqlite3 13 for Node 24), or run the site with Node 22 or 20`;
  }
  // 13 is built for N-API 10, which Node 20 lacks: loading it there is a segmentation fault, no error.
  if (nodeMajor < 22 && sqliteMajor >= 13) {
    return `better-sqlite3 ${sqliteVersion} crashes Node ${nodeVersion} (it needs Node 22 or newer): run bash scripts/ops/better-sqlite3-for-node.sh restore (the lock's better-sqlite3 for Node 20), or run the site with Node 22 or 24`;
  }
  return null;
}

/** A Node that cannot run the installed native module: logged as one `fatal` line with its reason, no stack. */
export class RuntimeMismatchError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "RuntimeMismatchError";
    this.fields = { nativeModule: "better-sqlite3", node: process.versions.node };
  }
}

/**
 * One line saying why better-sqlite3 cannot be used by this Node, and what fixes it; null when it can.
 */
export function nativeModuleProblem() {
  const unsafe = unsafePairing();
  if (unsafe) return unsafe;
  try {
    const Database = require("better-sqlite3");
    // The binary is loaded on the first open, not on require.
    new Database(":memory:").close();
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const versions = /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/.exec(message);
    if (versions) {
      const builtFor = NODE_MAJOR_OF_ABI[/** @type {keyof typeof NODE_MAJOR_OF_ABI} */ (Number(versions[1]))];
      return (
        `better-sqlite3 was compiled for ${builtFor ? `Node ${builtFor}` : "another Node"} (NODE_MODULE_VERSION ${versions[1]}), ` +
        `but this is Node ${process.versions.node} (NODE_MODULE_VERSION ${versions[2]}): run \`npm rebuild better-sqlite3\` (or \`npm ci\`) with this Node`
      );
    }
    return `better-sqlite3 cannot be loaded by Node ${process.versions.node}: ${message.split("\n").join(" ")}: run \`npm rebuild better-sqlite3\` (or \`npm ci\`) with this Node`;
  }
}
