import crypto from "node:crypto";
import { type Dirent, createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { UNFINISHED_SUFFIX } from "../../../core/config.mjs";
import {
  checkedKey,
  derivedFolder,
  type ByteRange,
  type FileContent,
  type FileStore,
  type OpenedFile,
  type StoredFolder,
  type StoredInfo,
} from "./file-store.server";

/**
 * Stored files and their folders are the server user's alone (0600/0700, as the rest of DATA_DIR:
 * core/private-modes.mjs): the server streams them to visitors itself.
 */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** How much of a Blob is read at a time when it is copied into the store. */
const BLOB_SLICE_BYTES = 1024 * 1024;

/**
 * A Blob (an upload the edge streamed to disk) read one slice at a time: Blob.stream() on a
 * file-backed Blob reads ahead of the writer, and a 40 MB track grew the server by 25 MB.
 */
async function* blobSlices(blob: Blob): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < blob.size; start += BLOB_SLICE_BYTES) {
    yield new Uint8Array(await blob.slice(start, start + BLOB_SLICE_BYTES).arrayBuffer());
  }
}

async function streamOf(content: FileContent): Promise<Readable> {
  if (typeof content === "function") return content();
  if (content instanceof Blob) return Readable.from(blobSlices(content), { objectMode: false });
  return Readable.from([content]);
}

/**
 * Streams content to a new `.part` file in `dir` (hashing it on the way); answers its path, the
 * SHA-256 of the bytes and their size. Also the staging of the object store (s3.server.ts).
 */
export async function writeUnfinished(dir: string, content: FileContent): Promise<{ temp: string; hash: string; size: number }> {
  await fs.mkdir(dir, { recursive: true, mode: FOLDER_MODE });
  const temp = path.join(dir, `${crypto.randomBytes(8).toString("hex")}${UNFINISHED_SUFFIX}`);
  const hash = crypto.createHash("sha256");
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(await streamOf(content), count, createWriteStream(temp, { flags: "wx", mode: FILE_MODE }));
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  return { temp, hash: hash.digest("hex"), size };
}

/** The key of content-addressed bytes: the first 32 hex digits of their SHA-256 (same bytes, same key). */
export function contentKey(folder: StoredFolder, hash: string, extension: string): string {
  return `${folder}/${hash.slice(0, 32)}.${extension.replace(/^\./, "")}`;
}

/**
 * The local-disk backend: key "images/x.jpg" is the file UPLOADS_DIR/images/x.jpg. Every write goes
 * to a `.part` name beside its target and is renamed into place, so a crash never leaves a half
 * file under a key.
 */
export class LocalDiskStore implements FileStore {
  constructor(readonly root: string) {}

  /** The file of a key; anything that would leave the root throws (keys are made by the server). */
  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    checkedKey(key, full.startsWith(this.root + path.sep));
    return full;
  }

  async put(folder: StoredFolder, content: FileContent, extension: string) {
    const { temp, hash, size } = await writeUnfinished(this.pathOf(folder), content);
    const key = contentKey(folder, hash, extension);
    // Same bytes, same name: renaming over an existing copy is atomic and leaves the same content.
    await fs.rename(temp, this.pathOf(key)).catch(async (error: unknown) => {
      await fs.rm(temp, { force: true });
      throw error;
    });
    return { key, size };
  }

  async write(key: string, content: FileContent) {
    const full = this.pathOf(key);
    const { temp } = await writeUnfinished(path.dirname(full), content);
    await fs.rename(temp, full).catch(async (error: unknown) => {
      await fs.rm(temp, { force: true });
      throw error;
    });
  }

  async stat(key: string): Promise<StoredInfo | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? { key, size: stat.size, modifiedAt: stat.mtime } : null;
    } catch {
      return null;
    }
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile | null> {
    const full = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(full, "r");
    } catch {
      return null;
    }
    // Stat and read through one handle: the answer describes the very file that is streamed.
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    const stream = createReadStream(full, { fd: handle, autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
    return { key, size: stat.size, modifiedAt: stat.mtime, stream };
  }

  async exists(key: string) {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
    await fs.rm(this.pathOf(derivedFolder(key)), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredInfo> {
    const base = this.pathOf(prefix.replace(/\/$/, ""));
    let entries: Dirent[];
    try {
      entries = await fs.readdir(base, { recursive: true, withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(full).catch(() => null);
      if (stat) yield { key: path.relative(this.root, full).split(path.sep).join("/"), size: stat.size, modifiedAt: stat.mtime };
    }
  }

  async sweepUnfinished(olderThan: Date): Promise<string[]> {
    const removed: string[] = [];
    let entries: Dirent[];
    try {
      entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch {
      return removed;
    }
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(UNFINISHED_SUFFIX)) continue;
      const full = path.join(entry.parentPath, entry.name);
      const stat = await fs.stat(full).catch(() => null);
      if (!stat || stat.mtime >= olderThan) continue;
      await fs.rm(full, { force: true });
      removed.push(path.relative(this.root, full).split(path.sep).join("/"));
    }
    return removed;
  }
}
