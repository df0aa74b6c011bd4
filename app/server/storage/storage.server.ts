import fs from "node:fs";
import path from "node:path";
import { UPLOADS_WORK_DIR } from "../../../core/config.mjs";
import { diskRoom } from "../../../core/disk.mjs";
import { type Env, getEnv } from "../platform/env.server";
import type { FileStore } from "./file-store.server";
import { LocalDiskStore } from "./local-disk.server";
import { S3Store } from "./s3.server";

let store: { store: FileStore; settingsOf: Env["s3"]; root: string } | undefined;

/**
 * The one place the backend is chosen: the bucket of the S3_* settings when they are given, else
 * the local disk (made again when tests point UPLOADS_DIR or the settings elsewhere).
 */
export function fileStore(): FileStore {
  const { uploadsDir: root, s3 } = getEnv();
  if (store?.root !== root || store.settingsOf !== s3) {
    store = { store: s3 ? new S3Store(s3, root) : new LocalDiskStore(root), settingsOf: s3, root };
  }
  return store.store;
}

/**
 * Where the request edge stages file parts while they arrive (http/body.server.ts): a local folder
 * whatever the backend, inside UPLOADS_DIR so the janitor sweeps what a crash leaves there.
 */
export function scratchDir(): string {
  return path.join(getEnv().uploadsDir, UPLOADS_WORK_DIR);
}

export type UploadRoom = { fits: boolean; freeBytes: number; floorBytes: number };

/**
 * Whether `bytes` more can be written to the uploads' disk and still leave its floor free (the
 * floor of core/disk.mjs, which backups keep too).
 */
export async function uploadRoom(bytes: number): Promise<UploadRoom> {
  const env = getEnv();
  await fs.promises.mkdir(env.uploadsDir, { recursive: true });
  const { freeBytes, floorBytes } = diskRoom(env.uploadsDir, env.minFreeDiskBytes);
  return { fits: freeBytes - bytes >= floorBytes, freeBytes, floorBytes };
}
