import path from "node:path";
import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import fresh from "fresh";
import { getEnv } from "../platform/env.server";
import { db } from "../storage/db.server";
import { mimeTypeOf } from "../storage/file-types.server";
import { type ByteRange, isContentAddressed } from "../storage/file-store.server";
import { fileStore } from "../storage/storage.server";

/**
 * What a stored file's bytes were found to be when they were stored (uploads.server.ts,
 * StoredFile.contentType); files without a row (image variants) go by their name. The bytes can
 * be served without the database, so a failed look-up goes by the name too.
 */
async function storedContentType(key: string): Promise<string> {
  const row = await db.storedFile.findUnique({ where: { key }, select: { contentType: true } }).catch(() => null);
  return row?.contentType ?? mimeTypeOf(key);
}

/**
 * Whether /media sends a stored key as a download rather than for the browser to show: every news
 * attachment (the attachments folder: an image or audio attachment too, so it is saved under its
 * display name instead of opening as a hash-named picture), and anything that is neither an image
 * nor audio (a PDF is never rendered by the browser at our origin). Content-Disposition does not
 * touch an <img> or <audio> that uses the same URL.
 */
export function isDownload(key: string): boolean {
  const mime = mimeTypeOf(key);
  return key.startsWith("attachments/") || !(mime.startsWith("image/") || mime.startsWith("audio/"));
}

/**
 * Content-Disposition of a stored key: "inline", or a download under the display name staff gave it
 * (else the stored name), with the key's extension (RFC 6266: an ASCII filename plus filename* in UTF-8).
 */
export function mediaDisposition(key: string, displayName: string | null): string {
  if (!isDownload(key)) return "inline";
  const ext = path.extname(key).toLowerCase();
  const base = displayName?.trim() || path.basename(key);
  const name = ext && !base.toLowerCase().endsWith(ext) ? `${base}${ext}` : base;
  return contentDisposition(name, { type: "attachment" });
}

function toWebStream(stream: Readable): ReadableStream {
  return Readable.toWeb(stream) as unknown as ReadableStream;
}

/** The byte range a Range header asks for: null without one, "unsatisfiable" for anything unusable (416). */
function requestedRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  let start = match?.[1] ? Number(match[1]) : NaN;
  let end = match?.[2] ? Number(match[2]) : NaN;
  if (match && !match[1] && match[2]) {
    // suffix range: the last N bytes
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else if (match && match[1] && !match[2]) {
    end = size - 1;
  }
  end = Math.min(end, size - 1);
  if (!match || Number.isNaN(start) || Number.isNaN(end) || start > end || start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * Whether the client's copy is current (answer 304): `fresh` reads If-None-Match as HTTP does (a list,
 * weak validators, *), then If-Modified-Since. Cache-Control is left out: `no-cache` (which fetch adds
 * to every conditional request) asks caches to check with this server, and a 304 from here is that check.
 */
export function notModified(request: Request, etag: string, lastModified?: string | null): boolean {
  const conditions = {
    "if-none-match": request.headers.get("If-None-Match") ?? undefined,
    "if-modified-since": request.headers.get("If-Modified-Since") ?? undefined,
  };
  return fresh(conditions, { etag, "last-modified": lastModified ?? undefined });
}

/**
 * With S3_PRESIGN_AUDIO, audio at least this large is not streamed through this server but
 * redirected to the bucket (ADR 030): it is what makes most of the bytes /media sends, and a
 * player's seeks go to the store. Smaller files cost less than the redirect.
 */
const PRESIGN_AUDIO_MIN_BYTES = 1024 * 1024;
/** How long a presigned URL reads: long enough to start playing and seek, short enough not to be shared. */
const PRESIGNED_URL_SECONDS = 300;

/**
 * Serves a stored key (read through the storage interface) with HTTP Range support (206 / 416),
 * so audio players can seek, and long-lived caching for content-addressed names.
 */
export async function fileResponse(request: Request, key: string, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const store = fileStore();
  const stat = await store.stat(key);
  if (!stat) return new Response("Not found", { status: 404 });
  const contentType = await storedContentType(key);
  const isAttachment = extraHeaders["Content-Disposition"]?.startsWith("attachment") ?? false;
  if (store.signedUrl && getEnv().s3?.presignAudio && contentType.startsWith("audio/") && !isAttachment && stat.size >= PRESIGN_AUDIO_MIN_BYTES) {
    const location = await store.signedUrl(key, { contentType, expiresInSeconds: PRESIGNED_URL_SECONDS });
    // The redirect lives no longer than the URL it points to.
    return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "private, no-store" } });
  }
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.modifiedAt.getTime()).toString(16)}"`;
  const headers = new Headers({
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": stat.modifiedAt.toUTCString(),
    "Cache-Control": isContentAddressed(key) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    // X-Content-Type-Options comes from the request edge, on every answer (csp.server.ts).
    ...extraHeaders,
  });
  if (notModified(request, etag, headers.get("Last-Modified"))) return new Response(null, { status: 304, headers });

  const range = requestedRange(request.headers.get("Range"), stat.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const status = range ? 206 : 200;
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${stat.size}`);
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : stat.size));
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const file = await store.open(key, range ?? undefined);
  if (!file) return new Response("Not found", { status: 404 });
  return new Response(toWebStream(file.stream), { status, headers });
}
