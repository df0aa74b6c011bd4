import crypto from "node:crypto";
import sharp from "sharp";
import { UPLOADS_WORK_DIR } from "../../../core/config.mjs";
import type { UploadKind } from "~/generated/prisma/enums";
import { getEnv } from "../platform/env.server";
import { db } from "../storage/db.server";
import { type DetectedFile, type FileFamily, detectFileType } from "../storage/file-types.server";
import type { FileContent, StoredFolder } from "../storage/file-store.server";
import { fileStore } from "../storage/storage.server";
import { type StagedFile, removeUnreferenced, stageFile } from "../storage/stored-files.server";

export { detectFileType };

/**
 * Every file that reaches the server (admin form posts, the async /admin/upload endpoint, the api/
 * endpoints) goes through here: type by content (file-types.server.ts, never the name or the
 * browser's Content-Type), a size limit per kind, server-made names, images re-encoded with sharp.
 */
export type UploadPurpose = UploadKind;

export const MB = 1024 * 1024;
const FIXED_FILE_BYTES = { image: 10 * MB, attachment: 20 * MB, score: 50 * MB };

/**
 * The largest file of a purpose. Track masters are as large as the operator allows (MAX_TRACK_MB,
 * default 1 GB: a 5-minute CD-quality WAV is 53 MB, an hour of 24-bit 96 kHz stereo 2 GB); they
 * stream to disk, so the limit is about disk and upload time, not memory.
 */
function maxFileBytes(purpose: UploadPurpose): number {
  return purpose === "track" ? getEnv().maxTrackBytes : FIXED_FILE_BYTES[purpose];
}

/** The largest single file any upload may carry. */
export function largestFileBytes(): number {
  return Math.max(...UPLOAD_PURPOSES.map(maxFileBytes));
}

/**
 * Whole request body of one form post (several tracks or attachments travel together without JS):
 * 200 MB, or one largest file and room for the rest of the form when that is more.
 */
export function maxRequestBytes(): number {
  return Math.max(200 * MB, largestFileBytes() + 20 * MB);
}
/** File parts one form post may carry (the image and several tracks or attachments). */
export const MAX_FILES_PER_FORM = 20;
/** Temporary uploads not saved with a form within this time are deleted. */
const TEMP_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

function familyOfMime(mime: string): FileFamily | "other" {
  if (mime.startsWith("image/")) return "image";
  if (mime.startsWith("audio/")) return "audio";
  return mime === "application/pdf" ? "pdf" : "other";
}

const ACCEPTED: Record<UploadPurpose, ReturnType<typeof familyOfMime>[]> = {
  image: ["image"],
  track: ["audio"],
  attachment: ["pdf", "image", "audio"],
  score: ["pdf"],
};

/** Where a purpose's files are stored (a perusal score's original: scores/, which /media never serves). */
const FOLDER_OF: Record<UploadPurpose, StoredFolder> = { image: "images", track: "tracks", attachment: "attachments", score: "scores" };

const PURPOSE_LABEL: Record<UploadPurpose, string> = {
  image: "Immagine non valida: sono accettati JPEG, PNG, WebP, AVIF e GIF (non SVG).",
  track: "Traccia non valida: sono accettati MP3, AAC/M4A, OGG, FLAC, WAV e AIFF.",
  attachment: "Allegato non valido: sono accettati PDF, immagini (JPEG, PNG, WebP, AVIF, GIF) e audio.",
  score: "Partitura non valida: è accettato solo un file PDF.",
};

export class UploadError extends Error {
  constructor(
    message: string,
    public status: 400 | 413 | 415 = 400,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** A display name for a client file name: no folders, no control characters, bounded length. */
export function cleanDisplayName(name: string | null | undefined, fallback = "file"): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : fallback;
}

/** The name a track or attachment shows until the staff change it: the file name without its extension. */
function defaultDisplayName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]+$/, "").trim();
  return stem || fileName;
}

export const UPLOAD_PURPOSES: readonly UploadPurpose[] = ["image", "track", "attachment", "score"];

export function isPurpose(value: unknown): value is UploadPurpose {
  return (UPLOAD_PURPOSES as readonly unknown[]).includes(value);
}

/** A checked file: images re-encoded in memory (at most 10 MB), anything else the upload itself, streamed when stored. */
type Prepared = { content: FileContent; size: number; ext: string; mime: string; folder: StoredFolder };

/** Files up to this size are type-checked whole; larger ones (long tracks) by their head and tail. */
const WHOLE_CHECK_BYTES = 16 * MB;
const HEAD_BYTES = 1 * MB;
const TAIL_BYTES = 64 * 1024;

/**
 * The bytes the type check reads: the whole file, or for a large one its head and tail joined
 * (signatures and format headers are at the start, a PDF's %%EOF at the end), so a 50 MB track
 * that the edge streamed to disk is never read into memory.
 */
export async function typeSample(file: Blob): Promise<Uint8Array> {
  if (file.size <= WHOLE_CHECK_BYTES) return new Uint8Array(await file.arrayBuffer());
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const tail = new Uint8Array(await file.slice(file.size - TAIL_BYTES).arrayBuffer());
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/** Re-encodes an image (which also proves it is one) and drops its metadata (EXIF, GPS). */
async function reencodeImage(bytes: Buffer, detected: DetectedFile): Promise<{ bytes: Buffer; ext: string; mime: string }> {
  try {
    const animated = detected.ext === "gif" || detected.ext === "webp";
    const image = sharp(bytes, { animated, limitInputPixels: 80_000_000 }).rotate();
    switch (detected.ext) {
      case "jpg":
        return { bytes: await image.jpeg({ quality: 88 }).toBuffer(), ext: "jpg", mime: "image/jpeg" };
      case "png":
        return { bytes: await image.png().toBuffer(), ext: "png", mime: "image/png" };
      default:
        // WebP, AVIF and GIF become WebP (AVIF encoding is slow; WebP keeps GIF animation).
        return { bytes: await image.webp({ quality: 85 }).toBuffer(), ext: "webp", mime: "image/webp" };
    }
  } catch {
    throw new UploadError("Immagine non valida o danneggiata.", 415);
  }
}

/** Checks size and type of an upload (bytes or a disk-backed File) for a purpose; images come back re-encoded. */
export async function prepareFile(input: Buffer | Blob, purpose: UploadPurpose): Promise<Prepared> {
  const file = input instanceof Blob ? input : new Blob([new Uint8Array(input)]);
  if (file.size === 0) throw new UploadError("Il file è vuoto.");
  if (file.size > maxFileBytes(purpose)) {
    throw new UploadError(`File troppo grande: il limite è ${Math.floor(maxFileBytes(purpose) / MB)} MB.`, 413);
  }
  const sample = await typeSample(file);
  const detected = await detectFileType(sample);
  if (!detected || !ACCEPTED[purpose].includes(detected.family)) throw new UploadError(PURPOSE_LABEL[purpose], 415);
  const folder = FOLDER_OF[purpose];
  if (detected.family === "image") {
    // Images are at most 10 MB, so the sample is the whole file.
    const encoded = await reencodeImage(Buffer.from(sample.buffer, sample.byteOffset, sample.byteLength), detected);
    return { content: encoded.bytes, size: encoded.bytes.length, ext: encoded.ext, mime: encoded.mime, folder };
  }
  return { content: file, size: file.size, ext: detected.ext, mime: detected.mime, folder };
}

/** A file of a form post (no JavaScript) straight to storage, counted when its save commits. */
export async function storeFormFile(file: File, purpose: UploadPurpose): Promise<StagedFile> {
  const prepared = await prepareFile(file, purpose);
  return stageFile(prepared.folder, prepared.content, prepared.ext, prepared.mime, cleanDisplayName(file.name, ""));
}

/** Temporary uploads are kept in the store under tmp/ (never served by /media). */
const tempKey = (tempName: string) => `${UPLOADS_WORK_DIR}/${tempName}`;

const TEMP_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

export type TempUpload = { file_name: string; temp_name: string; display_name: string };

/** The async upload: checks and keeps the file under UPLOADS_DIR/tmp until a form save promotes it. */
export async function saveTempUpload(file: File, purpose: UploadPurpose, displayName?: string | null, originalName = file.name): Promise<TempUpload> {
  const prepared = await prepareFile(file, purpose);
  const tempName = `${crypto.randomBytes(16).toString("hex")}.${prepared.ext}`;
  const fileName = cleanDisplayName(originalName);
  const display = cleanDisplayName(displayName ?? defaultDisplayName(fileName), defaultDisplayName(fileName));
  await fileStore().write(tempKey(tempName), prepared.content);
  await db.upload.create({
    data: { tempName, fileName, displayName: display, kind: purpose, mime: prepared.mime, size: prepared.size },
  });
  return { file_name: fileName, temp_name: tempName, display_name: display };
}

/**
 * Copies a temporary upload to permanent storage (when its form saves), counted when the save commits.
 * Unknown, expired or wrong-kind names are refused: a client name never reaches the file system.
 */
export async function promoteTempUpload(tempName: string, purpose: UploadPurpose): Promise<StagedFile> {
  const row = await checkedTempUpload(tempName, purpose);
  const ext = tempName.split(".").pop() ?? "bin";
  return stageFile(FOLDER_OF[purpose], () => openTempUpload(tempName), ext, row.mime, row.fileName);
}

const TEMP_GONE = "File caricato non valido o scaduto. Caricalo di nuovo.";

/** A temporary upload that may go where `purpose` says; unknown, expired or wrong-kind names are refused. */
async function checkedTempUpload(tempName: string, purpose: UploadPurpose) {
  if (!TEMP_NAME.test(tempName)) throw new UploadError(TEMP_GONE);
  const row = await db.upload.findUnique({ where: { tempName }, select: { id: true, mime: true, size: true, fileName: true } });
  // What the bytes are decides where they may go, not what the uploader said they were for:
  // an MP3 uploaded as a track can also be a news attachment.
  if (!row || !ACCEPTED[purpose].includes(familyOfMime(row.mime)) || row.size > maxFileBytes(purpose)) throw new UploadError(TEMP_GONE);
  return row;
}

async function openTempUpload(tempName: string) {
  const file = await fileStore().open(tempKey(tempName));
  if (!file) throw new UploadError(TEMP_GONE);
  return file.stream;
}

/** The bytes of a temporary upload that a save reads whole (a perusal score, at most 50 MB, to stamp). */
export async function readTempUpload(tempName: string, purpose: UploadPurpose): Promise<Uint8Array> {
  await checkedTempUpload(tempName, purpose);
  const chunks: Buffer[] = [];
  for await (const chunk of await openTempUpload(tempName)) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** After a successful save: the temporary copies are no longer needed. */
export async function discardTempUploads(tempNames: string[]) {
  for (const tempName of tempNames) {
    if (!TEMP_NAME.test(tempName)) continue;
    await db.upload.deleteMany({ where: { tempName } });
    await fileStore().delete(tempKey(tempName));
  }
}

/**
 * Deletes temporary uploads older than the TTL (rows and files, including files without a row);
 * run by the janitor (janitor.server.ts). Answers the keys removed.
 */
export async function cleanupAbandonedUploads(maxAgeMs = TEMP_UPLOAD_TTL_MS, now = Date.now()): Promise<string[]> {
  const cutoff = new Date(now - maxAgeMs);
  const old = await db.upload.findMany({ where: { createdAt: { lt: cutoff } }, select: { tempName: true } });
  await discardTempUploads(old.map((u) => u.tempName));
  const removed = old.map((u) => tempKey(u.tempName));
  for await (const file of fileStore().list(`${UPLOADS_WORK_DIR}/`)) {
    if (file.modifiedAt < cutoff) {
      await fileStore().delete(file.key);
      removed.push(file.key);
    }
  }
  return removed;
}

/** The name staff gave a stored file (a news attachment), for downloads; null when no row names it. */
export async function storedFileDisplayName(url: string): Promise<string | null> {
  const row = await db.newsAttachment.findFirst({ where: { url }, select: { name: true }, orderBy: { id: "desc" } });
  return row?.name ?? null;
}

/** Files of a list: each either already stored (kept), a temp upload to promote, or a new form file. */
/** `name_eng` (tracks, issue 25): the English display name; absent keeps a current track's own. */
export type FileEntry = { url: string; name: string; name_eng?: string } | { temp_name: string; display_name: string; name_eng?: string };

/** A resolved file list: the rows to write, the files stored for them (counted by the save), the temp uploads used. */
export type ResolvedFiles = { files: { name: string; url: string; nameEng?: string }[]; staged: StagedFile[]; usedTemp: string[] };

/**
 * Turns a submitted file list into stored {name, url} rows. `existing` are the item's current files:
 * a kept entry must be one of them (a client cannot point a row at any file it likes).
 * Answers the rows and the temp names to discard after the save.
 */
export async function resolveFileEntries(
  entries: FileEntry[],
  formFiles: File[],
  purpose: UploadPurpose,
  existing: { url: string; name: string }[],
): Promise<ResolvedFiles> {
  const files: { name: string; url: string; nameEng?: string }[] = [];
  const staged: StagedFile[] = [];
  const usedTemp: string[] = [];
  const existingUrls = new Set(existing.map((e) => e.url));
  try {
    for (const entry of entries) {
      if ("temp_name" in entry) {
        const file = await promoteTempUpload(entry.temp_name, purpose);
        staged.push(file);
        files.push({ name: entry.display_name, url: file.url, nameEng: entry.name_eng });
        usedTemp.push(entry.temp_name);
      } else if (existingUrls.has(entry.url)) {
        files.push({ name: entry.name, url: entry.url, nameEng: entry.name_eng });
      }
    }
    for (const formFile of formFiles) {
      const file = await storeFormFile(formFile, purpose);
      staged.push(file);
      files.push({ name: defaultDisplayName(cleanDisplayName(formFile.name)), url: file.url });
    }
  } catch (error) {
    // One bad entry refuses the whole list: the files stored before it must not stay behind.
    await removeUnreferenced(staged.map((f) => f.key));
    throw error;
  }
  return { files, staged, usedTemp };
}
