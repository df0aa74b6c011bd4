// The loopback cluster of `npm run test:cluster` (scripts/cluster.sh: PostgreSQL, Swift, two instances,
// nginx): what the rig wrote to DIR/cluster.json, and what the tests do to it (kill an instance,
// start it again with the command the rig used, read its log, list the bucket).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { inject } from "vitest";
import { postgresInstalled } from "./pg-server";
import { jsonLines } from "./scripts";
import { swiftInstalled } from "./s3-server";

export type ClusterInstance = {
  name: string;
  url: string;
  port: number;
  /** start.mjs's pid, which is also its process group's (the rig starts each with setsid). */
  pid: number;
  dataDir: string;
  log: string;
  command: { cwd: string; argv: string[]; setsid: boolean; env: Record<string, string> };
};

export type Cluster = {
  dir: string;
  lb: string;
  nginxPid: number;
  databaseUrl: string;
  s3: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  staff: { username: string; password: string };
  /** Seconds `scripts/cluster.sh up` took. */
  setupS: number;
  instances: ClusterInstance[];
};

/**
 * Whether a missing package must fail the run instead of skipping: in CI (.ci/run installs them), or
 * when asked with CLUSTER_TEST_REQUIRED=1, as PG_TEST_REQUIRED and S3_TEST_REQUIRED do for their servers.
 */
const required = () => Boolean(process.env.CI) || process.env.CLUSTER_TEST_REQUIRED === "1";

/** The skip's one-line message when Debian's postgresql, swift, nginx or jq is missing; null when all are here. */
export function clusterMissing(): string | null {
  const missing = [
    ...(postgresInstalled() ? [] : ["postgresql"]),
    ...(swiftInstalled() ? [] : ["swift swift-proxy swift-object swift-account swift-container memcached"]),
    ...(fs.existsSync("/usr/sbin/nginx") ? [] : ["nginx"]),
    // scripts/cluster.sh writes and reads its state file with it.
    ...(fs.existsSync("/usr/bin/jq") ? [] : ["jq"]),
  ];
  if (!missing.length) return null;
  const message = `the cluster tests need Debian's ${missing.join(", ")} (.ci/run installs them)`;
  if (required()) throw new Error(message);
  return message;
}

const stateFile = (dir: string) => path.join(dir, "cluster.json");

/** The rig the global setup started (or CLUSTER_DIR named), as it is now; null when the tests skip. */
export function theCluster(): Cluster | null {
  const dir = inject("clusterDir");
  return dir ? (JSON.parse(fs.readFileSync(stateFile(dir), "utf8")) as Cluster) : null;
}

export function instanceOf(cluster: Cluster, name: string): ClusterInstance {
  const found = cluster.instances.find((i) => i.name === name);
  if (!found) throw new Error(`the rig has no instance ${name}`);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Kills an instance's whole process group (start.mjs and its server.mjs) and waits until it is gone. */
export async function killInstance(instance: ClusterInstance, signal: NodeJS.Signals = "SIGKILL") {
  if (alive(instance.pid)) process.kill(-instance.pid, signal);
  const deadline = Date.now() + 30_000;
  while (alive(instance.pid)) {
    if (Date.now() > deadline) throw new Error(`instance ${instance.name} (pid ${instance.pid}) still runs 30 s after ${signal}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether `url` answers 200 now. */
async function answers(url: string) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts an instance again with the command the rig recorded (same folder, settings and log file,
 * a process group of its own; `extraEnv` added for this run only), records its new pid in cluster.json (so `cluster.sh down` stops it)
 * and waits for /healthz on its own port.
 */
export async function restartInstance(cluster: Cluster, instance: ClusterInstance, extraEnv: Record<string, string> = {}) {
  const { cwd, argv } = instance.command;
  const env = { ...instance.command.env, ...extraEnv };
  const out = fs.openSync(instance.log, "a");
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    detached: instance.command.setsid,
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  child.unref();
  instance.pid = child.pid!;
  const state = JSON.parse(fs.readFileSync(stateFile(cluster.dir), "utf8")) as Cluster;
  instanceOf(state, instance.name).pid = instance.pid;
  fs.writeFileSync(stateFile(cluster.dir), JSON.stringify(state, null, 2));
  const deadline = Date.now() + 180_000;
  while (!(await answers(`${instance.url}/healthz`))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`instance ${instance.name} did not start again: see ${instance.log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts again every instance whose process is gone (a test that killed one failed before it
 * restarted it), so the next test finds the rig whole.
 */
export async function restartDeadInstances(cluster: Cluster) {
  for (const instance of cluster.instances) if (!alive(instance.pid)) await restartInstance(cluster, instance);
}

/** The JSON lines an instance wrote to its log file so far (all its starts). */
export const logOf = (instance: ClusterInstance) => jsonLines(fs.readFileSync(instance.log, "utf8"));

/** Every key of the rig's bucket under `prefix`, read straight from Swift. */
export async function bucketKeys(cluster: Cluster, prefix = ""): Promise<string[]> {
  const { endpoint, region, bucket, accessKeyId, secretAccessKey } = cluster.s3;
  const client = new S3Client({ endpoint, region, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

/** The number of one Prometheus series on an instance's /metrics (asked on its own port, from loopback: no token). */
export async function metric(instance: ClusterInstance, series: string): Promise<number | undefined> {
  const res = await fetch(`${instance.url}/metrics`);
  if (!res.ok) throw new Error(`/metrics of ${instance.name}: ${res.status}`);
  const line = (await res.text()).split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
