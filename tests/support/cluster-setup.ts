// The global setup of `npm run test:cluster` (vitest.cluster.config.ts): brings the rig up with
// `scripts/cluster.sh up` (unless CLUSTER_DIR names one already up), says how long that took, and
// brings it down after the last file. Without Debian's postgresql, swift or nginx the files skip
// with one line (in CI, or with CLUSTER_TEST_REQUIRED=1, the run fails instead).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { clusterMissing } from "./cluster";

declare module "vitest" {
  interface ProvidedContext {
    /** The rig's folder (its cluster.json), or null when the cluster tests skip. */
    clusterDir: string | null;
  }
}

const run = promisify(execFile);
const SCRIPT = path.resolve("scripts/cluster.sh");

export default async function setup(project: TestProject) {
  const given = process.env.CLUSTER_DIR;
  if (given) {
    if (!fs.existsSync(path.join(given, "cluster.json")))
      throw new Error(`CLUSTER_DIR=${given} holds no cluster.json: bring a rig up with scripts/cluster.sh up ${given}`);
    console.log(`cluster rig: the one up in ${given}`);
    project.provide("clusterDir", given);
    return;
  }
  // CI's second pass (under the image's Node, .ci/run) leaves the rig to the first: it is the
  // same PostgreSQL, Swift and nginx, and six more minutes would take CI past its hour.
  if (process.env.CLUSTER_TEST_SKIP === "1") {
    console.warn("skipped: CLUSTER_TEST_SKIP=1 (the cluster tests ran in the first pass)");
    project.provide("clusterDir", null);
    return;
  }
  const missing = clusterMissing();
  if (missing) {
    console.warn(`skipped: ${missing}`);
    project.provide("clusterDir", null);
    return;
  }
  const dir = path.join(os.tmpdir(), `site-cluster-${process.pid}`);
  const down = () => run("bash", [SCRIPT, "down", dir]);
  try {
    const { stdout } = await run("bash", [SCRIPT, "up", dir], { maxBuffer: 1024 * 1024 });
    // The rig's own lines (lb, app, staff, ready in N s) are the setup's report.
    console.log(`cluster rig (scripts/cluster.sh up ${dir}):\n${stdout.trim()}`);
  } catch (error) {
    await down();
    throw new Error(`scripts/cluster.sh up failed:\n${(error as { stderr?: string }).stderr ?? String(error)}`, { cause: error });
  }
  project.provide("clusterDir", dir);
  return async () => {
    await down();
  };
}
