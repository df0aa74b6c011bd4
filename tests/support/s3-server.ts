import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll } from "vitest";
import type { S3Settings } from "../../core/config.mjs";
import { freePort } from "./server";

const run = promisify(execFile);
const SCRIPT = path.resolve("scripts/s3-test-server.sh");

/** A real S3-compatible server (scripts/s3-test-server.sh: Swift with s3api) this test file started. */
export type S3TestServer = {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A new empty bucket and the settings that point the site at it (path-style, as Swift needs). */
  newBucket(): Promise<S3Settings>;
  /** The keys of a bucket under `prefix`, read straight from the server. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  bytes(bucket: string, key: string): Promise<Buffer>;
  put(bucket: string, key: string, bytes: Buffer): Promise<void>;
};

/**
 * Whether a missing Swift must fail the run instead of skipping: always in CI (.ci/run installs the
 * packages), or when a developer asks for it with S3_TEST_REQUIRED=1.
 */
const required = () => Boolean(process.env.CI) || process.env.S3_TEST_REQUIRED === "1";

export function swiftInstalled(): boolean {
  return ["/usr/bin/swift-proxy-server", "/usr/bin/swift-object-server", "/usr/bin/memcached"].every((file) => fs.existsSync(file));
}

/**
 * Starts the S3 test server for this file and stops it after the file; answers null (the tests
 * skip, with a message saying why) only when Debian's Swift packages are not installed here and
 * this is not CI. Its ports are five consecutive free ports (the S3 endpoint, then the four after it).
 */
export async function s3ServerPerFile(): Promise<S3TestServer | null> {
  if (!swiftInstalled()) {
    const message = "the S3 tests need Debian's swift swift-proxy swift-object swift-account swift-container memcached (.ci/run installs them)";
    if (required()) throw new Error(message);
    console.warn(`skipped: ${message}`);
    return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3-test-server-"));
  const port = await freePort(5);
  const { stdout } = await run("bash", [SCRIPT, "start", dir], { env: { ...process.env, S3_TEST_PORT: String(port) } });
  afterAll(async () => {
    await run("bash", [SCRIPT, "stop", dir]);
  });
  const printed = Object.fromEntries(
    stdout
      .trim()
      .split("\n")
      .map((line) => line.split(" ", 2) as [string, string]),
  );
  const settings = { endpoint: printed.endpoint!, region: printed.region!, accessKeyId: printed.access_key_id!, secretAccessKey: printed.secret_access_key! };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  let buckets = 0;
  return {
    ...settings,
    async newBucket() {
      const bucket = `test-${process.pid}-${++buckets}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { ...settings, bucket, forcePathStyle: true, presignAudio: false };
    },
    async keys(bucket, prefix = "") {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async put(bucket, key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    async bytes(bucket, key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
  };
}

/** The variables that put a test server on a bucket of the S3 test server. */
export function s3Env(settings: S3Settings): Record<string, string> {
  return {
    S3_ENDPOINT: settings.endpoint!,
    S3_REGION: settings.region,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: "1",
    S3_PRESIGN_AUDIO: settings.presignAudio ? "1" : "0",
  };
}
