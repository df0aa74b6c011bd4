import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";

const MIME_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".aac": "audio/aac",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".flac": "audio/flac",
  ".wav": "audio/wav",
  ".pdf": "application/pdf",
};

export function mimeTypeOf(file: string): string {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Content-Disposition of a stored file: images and audio play in the page (inline); anything else
 * (PDF ...) is downloaded, never rendered by the browser at our origin, under its display name
 * when known (RFC 6266: an ASCII filename plus filename* in UTF-8).
 */
export function mediaDisposition(file: string, displayName: string | null): string {
  const mime = mimeTypeOf(file);
  if (mime.startsWith("image/") || mime.startsWith("audio/")) return "inline";
  const ext = path.extname(file).toLowerCase();
  const base = displayName?.trim() || path.basename(file);
  const name = ext && !base.toLowerCase().endsWith(ext) ? `${base}${ext}` : base;
  return contentDisposition(name, { type: "attachment" });
}

/** A 32-hex content hash in the name means the bytes never change under that URL. */
function isContentAddressed(file: string): boolean {
  return /^[0-9a-f]{32}\./.test(path.basename(file));
}

function toWebStream(stream: fs.ReadStream): ReadableStream {
  return Readable.toWeb(stream) as unknown as ReadableStream;
}

/**
 * Serves a file with HTTP Range support (206 / 416), so audio players can seek,
 * and long-lived caching for content-addressed names.
 */
export function fileResponse(request: Request, file: string, extraHeaders: Record<string, string> = {}): Response {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
    if (!stat.isFile()) throw new Error("not a file");
  } catch {
    return new Response("Not found", { status: 404 });
  }
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "Content-Type": mimeTypeOf(file),
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": stat.mtime.toUTCString(),
    "Cache-Control": isContentAddressed(file) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    "X-Content-Type-Options": "nosniff",
    ...extraHeaders,
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });

  const range = request.headers.get("Range");
  if (range) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = match?.[1] ? Number(match[1]) : NaN;
    let end = match?.[2] ? Number(match[2]) : NaN;
    if (match && !match[1] && match[2]) {
      // suffix range: the last N bytes
      start = Math.max(0, stat.size - Number(match[2]));
      end = stat.size - 1;
    } else if (match && match[1] && !match[2]) {
      end = stat.size - 1;
    }
    end = Math.min(end, stat.size - 1);
    if (!match || Number.isNaN(start) || Number.isNaN(end) || start > end || start >= stat.size) {
      headers.set("Content-Range", `bytes */${stat.size}`);
      return new Response(null, { status: 416, headers });
    }
    headers.set("Content-Range", `bytes ${start}-${end}/${stat.size}`);
    headers.set("Content-Length", String(end - start + 1));
    if (request.method === "HEAD") return new Response(null, { status: 206, headers });
    return new Response(toWebStream(fs.createReadStream(file, { start, end })), { status: 206, headers });
  }
  headers.set("Content-Length", String(stat.size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return new Response(toWebStream(fs.createReadStream(file)), { status: 200, headers });
}
