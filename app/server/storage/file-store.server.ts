import type { Readable } from "node:stream";

/**
 * THE storage interface: every stored byte (uploads, temporary uploads, generated images and their
 * variants) is written and read through a `FileStore`, addressed by a key such as
 * "images/<sha256 prefix>.jpg". The store knows nothing of music, news, tracks or attachments; which
 * rows use a file is counted in the database (stored-files.server.ts). Today's backend is the local
 * disk (UPLOADS_DIR, local-disk.server.ts), or an S3-compatible bucket (s3.server.ts) when S3_BUCKET
 * is set; `fileStore()` (storage.server.ts) chooses, and domain code does not know which.
 */

/** Bytes in memory, a Blob (an upload backed by its file on disk is streamed, never read whole), or a stream to open. */
export type FileContent = Uint8Array | Blob | (() => Promise<Readable>);

/** Inclusive byte offsets, as in HTTP Range. */
export type ByteRange = { start: number; end: number };

export type StoredInfo = { key: string; size: number; modifiedAt: Date };

export type OpenedFile = StoredInfo & { stream: Readable };

export interface FileStore {
  /** Stores content under the key made of its hash (same bytes, same key) in `folder`; answers key and size. */
  put(folder: StoredFolder, content: FileContent, extension: string): Promise<{ key: string; size: number }>;
  /** Stores content under a key the server chose (temporary uploads, generated images, derived files). */
  write(key: string, content: FileContent): Promise<void>;
  /** The bytes of a key (only `range` of them when given), or null when there is no such file. */
  open(key: string, range?: ByteRange): Promise<OpenedFile | null>;
  stat(key: string): Promise<StoredInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes a key and everything derived from it (`derivedKey`); a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every file under a folder of keys ("images/", "tmp/"), in no particular order. */
  list(prefix: string): AsyncIterable<StoredInfo>;
  /** Removes unfinished writes (crash leftovers) begun before `olderThan`; answers what was removed. */
  sweepUnfinished(olderThan: Date): Promise<string[]>;
  /** A short-lived URL that reads the key without this server, where the backend has one (object storage). */
  signedUrl?(key: string, options: { contentType: string; expiresInSeconds: number }): Promise<string>;
}

export const MEDIA_PREFIX = "/media/";

/**
 * Folders of content-addressed files that rows refer to (and that the janitor may clean); "peaks" holds
 * waveforms of tracks, "scores" the originals of perusal scores (issue 36: never served by /media).
 */
export const STORED_FOLDERS = ["images", "tracks", "attachments", "peaks", "scores"] as const;
export type StoredFolder = (typeof STORED_FOLDERS)[number];

/** Folders /media serves: temporary uploads (tmp/), derived files (dot folders) and the scores' originals are not public. */
const PUBLIC_FOLDERS = new Set<string>([...STORED_FOLDERS.filter((folder) => folder !== "scores"), "content"]);

/** Where derived files of a key (image variants, placeholders) live; removed with their source. */
export const DERIVED_ROOT = ".variants";
/** The folder of the files derived from a key (what a delete of the key removes with it). */
export function derivedFolder(key: string): string {
  return `${DERIVED_ROOT}/${key}`;
}
export function derivedKey(key: string, name: string): string {
  return `${derivedFolder(key)}/${name}`;
}

/** A 32-hex content hash in the name means the bytes never change under that key. */
export function isContentAddressed(key: string): boolean {
  return /(^|\/)[0-9a-f]{32}\.[a-z0-9]+$/.test(key);
}

export function urlOfKey(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}

/** The key of a /media URL as rows store it (server-made names: nothing to decode); null for anything else. */
export function keyOfUrl(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(MEDIA_PREFIX)) return null;
  return isSafeKey(url.slice(MEDIA_PREFIX.length)) ? url.slice(MEDIA_PREFIX.length) : null;
}

/** The key of a counted stored file (a content-addressed upload), or null for any other URL. */
export function storedKeyOfUrl(url: string | null | undefined): string | null {
  const key = keyOfUrl(url);
  return key && (STORED_FOLDERS as readonly string[]).includes(key.split("/")[0]!) ? key : null;
}

/** Plain relative segments only: no "." or "..", no empty segment, no backslash or control characters. */
function isSafeKey(key: string): boolean {
  if (!key || /[\u0000-\u001f\u007f\\]/.test(key)) return false;
  return key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** A key a store is asked for, checked: keys are made by the server, so anything else throws. */
export function checkedKey(key: string, inside = true): string {
  if (!inside || !isSafeKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * The key behind the path of a /media request (the part after /media/, as it came in the URL):
 * percent-decoded exactly once, then checked segment by segment, so no encoding (%2f, %2e%2e,
 * %5c, double encoding, NUL) can step into tmp/, a dot folder or out of the store.
 * Answers null for anything that is not a plain key inside a public folder.
 */
export function publicKeyOf(encodedRelative: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedRelative);
  } catch {
    return null;
  }
  // After one decoding a "%" left means the client encoded twice: no server-made name has one.
  if (/[\u0000-\u001f\u007f\\%]/.test(decoded)) return null;
  const segments = decoded.split("/");
  if (segments.some((segment) => segment === "" || segment.startsWith("."))) return null;
  if (segments.length < 2 || !PUBLIC_FOLDERS.has(segments[0]!)) return null;
  return decoded;
}
