import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../platform/env.server";
import type { FileStore } from "./file-store.server";
import { LocalDiskStore } from "./local-disk.server";

let store: LocalDiskStore | undefined;

/** The one place the backend is chosen (made again when tests point UPLOADS_DIR elsewhere). */
export function fileStore(): FileStore {
  const root = getEnv().uploadsDir;
  if (store?.root !== root) store = new LocalDiskStore(root);
  return store;
}

/**
 * Where the request edge stages file parts while they arrive (http/body.server.ts): a local folder
 * whatever the backend, inside UPLOADS_DIR so the janitor sweeps what a crash leaves there.
 */
export function scratchDir(): string {
  return path.join(getEnv().uploadsDir, "tmp");
}

const GB = 1024 * 1024 * 1024;

export type UploadRoom = { fits: boolean; freeBytes: number; floorBytes: number };

/**
 * Whether `bytes` more can be written to the uploads' disk and still leave its floor free: the
 * floor is MIN_FREE_DISK_MB when set, otherwise 1 GB or a tenth of the disk, whichever is smaller
 * (a small volume is not refused everything). The database, its backups and the log share that
 * disk: an upload must never be what fills it.
 */
export async function uploadRoom(bytes: number): Promise<UploadRoom> {
  const env = getEnv();
  await fs.promises.mkdir(env.uploadsDir, { recursive: true });
  const stats = await fs.promises.statfs(env.uploadsDir);
  const freeBytes = stats.bavail * stats.bsize;
  const floorBytes = env.minFreeDiskBytes ?? Math.min(GB, stats.blocks * stats.bsize * 0.1);
  return { fits: freeBytes - bytes >= floorBytes, freeBytes, floorBytes };
}
