import path from "node:path";
import { getEnv } from "../env.server";
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

