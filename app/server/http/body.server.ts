import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { UNFINISHED_SUFFIX } from "../../../core/config.mjs";
import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { richTextInputs } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { scratchDir, uploadRoom } from "../storage/storage.server";
import { MESSAGES, RequestError } from "./errors.server";
import { onRequestEnd } from "../platform/request-scope.server";

/**
 * THE body readers: every action and endpoint reads its body through one of these, never through
 * `request.formData()` / `request.json()` on an unbounded stream. Bytes are counted as they arrive
 * (413 as soon as the limit is passed, Content-Length checked up front), the content type must be
 * one the route takes (415), and anything unreadable is a 400 in the client's language.
 */
type FormKind = "urlencoded" | "multipart";
export type FormLimits = {
  /** Whole body. */
  limit: number;
  accept?: readonly FormKind[];
  /** One file part; defaults to `limit`. */
  maxFileSize?: number;
  /** File parts the route takes; 0 (the default): a file part is refused. */
  maxFiles?: number;
};

const MIME: Record<FormKind, string> = { urlencoded: "application/x-www-form-urlencoded", multipart: "multipart/form-data" };

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The Content-Length the client declared, when it is a number. */
function declaredLength(request: Request): number | undefined {
  const declared = request.headers.get("Content-Length")?.trim();
  return declared && /^\d+$/.test(declared) ? Number(declared) : undefined;
}

/** Refuses a declared Content-Length over the limit before reading a byte. */
function checkDeclaredLength(request: Request, limit: number) {
  if ((declaredLength(request) ?? 0) > limit) throw new RequestError(413, MESSAGES.tooLarge(limit));
}

/** The body stream, erroring with a 413 RequestError as soon as more than `limit` bytes arrived. */
function limitedBody(request: Request, limit: number): ReadableStream<Uint8Array> {
  checkDeclaredLength(request, limit);
  const source = request.body;
  if (!source) return new ReadableStream({ start: (c) => c.close() });
  const reader = source.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return controller.error(new RequestError(413, MESSAGES.tooLarge(limit)));
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** The whole body as bytes, at most `limit` of them. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  const reader = limitedBody(request, limit).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** Reads and drops the body (at most `limit` bytes; any error ends the reading). */
async function discardBody(request: Request, limit: number): Promise<void> {
  try {
    const reader = limitedBody(request, limit).getReader();
    while (!(await reader.read()).done);
  } catch {
    // Over the limit or cut off: nothing more to read.
  }
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new RequestError(400, MESSAGES.badText);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** String.prototype.isWellFormed (Node 20), written out for the TypeScript lib this project targets. */
function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** Lone surrogates ("\ud800" in JSON) are not text: the database and mail would choke on them. */
function assertWellFormed(value: unknown, depth = 0): void {
  if (depth > 64) throw new RequestError(400, MESSAGES.badJson);
  if (typeof value === "string") {
    if (!isWellFormed(value)) throw new RequestError(400, MESSAGES.badText);
  } else if (Array.isArray(value)) {
    for (const v of value) assertWellFormed(v, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      assertWellFormed(k, depth + 1);
      assertWellFormed(v, depth + 1);
    }
  }
}

const JSON_LIMIT = 2 * 1024 * 1024;

export function isJsonRequest(request: Request) {
  const type = mediaType(request);
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** A JSON object body (application/json, which a cross-site HTML form cannot send). */
export async function readJson(request: Request, limit = JSON_LIMIT): Promise<Record<string, unknown>> {
  if (!isJsonRequest(request)) throw new RequestError(415, MESSAGES.unsupportedType("application/json"));
  const text = utf8(await readBytes(request, limit));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RequestError(400, MESSAGES.badJson);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new RequestError(400, MESSAGES.jsonObject);
  assertWellFormed(parsed);
  return parsed as Record<string, unknown>;
}

/**
 * Text fields of a form, whatever the route or the user: each at most `FIELD_LIMIT`, the rich-text
 * fields of the content types (lib/news-fields.ts ...) at most `RICH_TEXT_FIELD_LIMIT`, all of them together at most `FIELDS_TOTAL_LIMIT`,
 * enforced while the body streams in. Only file parts (streamed to disk) may make a body large: a
 * 199 MB url-encoded form once took the server to +3.6 GB, a 199 MB multipart text field +554 MB.
 */
const FIELD_LIMIT = 64 * 1024;
const RICH_TEXT_FIELD_LIMIT = 1024 * 1024;
const RICH_TEXT_FIELDS = new Set([NEWS_FIELDS, MUSIC_FIELDS, CATEGORY_FIELDS].flatMap((fields) => richTextInputs(fields)));
const FIELDS_TOTAL_LIMIT = 4 * 1024 * 1024;
/** Part headers and the chunk a field's end arrives in, counted with the field's bytes. */
const FIELD_SLACK = 256 * 1024;

function fieldLimit(name: string): number {
  return RICH_TEXT_FIELDS.has(name) ? RICH_TEXT_FIELD_LIMIT : FIELD_LIMIT;
}

/**
 * A form body (url-encoded and/or multipart, as the route takes). Multipart is parsed as a stream
 * (busboy, file parts written to disk as they arrive) with a cap per file and a cap on the whole body.
 * A route takes files only when it says how many (`maxFiles`); elsewhere a file part is a 400.
 */
export async function readForm(request: Request, { limit, accept = ["urlencoded", "multipart"], maxFileSize, maxFiles = 0 }: FormLimits): Promise<FormData> {
  const type = mediaType(request);
  const kind = accept.find((k) => MIME[k] === type);
  if (!kind) throw new RequestError(415, MESSAGES.unsupportedType(accept.map((k) => MIME[k]).join(" / ")));
  let form: FormData;
  if (kind === "urlencoded") {
    // Nothing but text: the whole body is bounded by what its fields may hold.
    const params = new URLSearchParams(utf8(await readBytes(request, Math.min(limit, FIELDS_TOTAL_LIMIT))));
    form = new FormData();
    for (const [k, v] of params) {
      if (v.length > fieldLimit(k)) throw new RequestError(413, MESSAGES.fieldTooLarge(k, fieldLimit(k)));
      form.append(k, v);
    }
  } else {
    const boundary = /;\s*boundary=("?)([^";]{1,200})\1/i.exec(request.headers.get("Content-Type") ?? "")?.[2];
    if (!boundary) throw new RequestError(400, MESSAGES.badForm);
    form = await readMultipart(request, limit, maxFileSize ?? limit, maxFiles);
  }
  for (const [key, value] of form) {
    if (!isWellFormed(key) || (typeof value === "string" && !isWellFormed(value))) throw new RequestError(400, MESSAGES.badText);
  }
  return form;
}

/**
 * The `.part` files of uploads being received now, by this process: the shutdown removes them
 * (removeLiveParts), and the start sweeps every other one (janitor.server.ts).
 */
const liveParts = new Set<string>();

export async function removeLiveParts(): Promise<void> {
  await Promise.all([...liveParts].map((file) => fs.promises.rm(file, { force: true })));
  liveParts.clear();
}

/**
 * A multipart body parsed as a stream (busboy): text fields are kept (within the field limits above),
 * file parts go straight to a `.part` file under UPLOADS_DIR/tmp while they arrive, so a 50 MB upload
 * never sits in memory whole. A part over `maxFileSize` (or a body over `limit`) is a 413 as soon
 * as the byte that passes the limit arrives; a body that ends early or cannot be parsed is a 400.
 * Every stream made here has its error handled from the moment it exists (an unhandled "Unexpected
 * end of form" on a file stream once ended the process). On failure every .part file of the request
 * is removed; after a successful parse they are removed when the request ends (the answer is sent or
 * the client goes away). Callers get ordinary `File`s, backed by the disk file (fs.openAsBlob).
 */
async function readMultipart(request: Request, limit: number, maxFileSize: number, maxFiles: number): Promise<FormData> {
  if (maxFiles > 0) {
    const room = await uploadRoom(declaredLength(request) ?? limit);
    if (!room.fits) {
      // The body is within the route's limit: read it (to nowhere) so the client gets the answer
      // instead of a connection reset while it is still sending.
      await discardBody(request, limit);
      throw new RequestError(413, MESSAGES.diskFull(room.freeBytes, room.floorBytes));
    }
    // Made before parsing starts, so a file part is piped to disk in the same tick it arrives.
    await fs.promises.mkdir(scratchDir(), { recursive: true });
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defParamCharset: "utf8",
      limits: { fileSize: maxFileSize, files: maxFiles, fieldSize: RICH_TEXT_FIELD_LIMIT, parts: 1000, headerPairs: 100 },
    });
  } catch {
    throw new RequestError(400, MESSAGES.badForm);
  }
  const written: string[] = [];
  const writes: Promise<void>[] = [];
  const entries: { name: string; value: string | (() => Promise<File>) }[] = [];
  let fieldBytes = 0;
  const source = Readable.fromWeb(limitedBody(request, limit) as NodeReadableStream<Uint8Array>);

  const fileStreams: Readable[] = [];
  const parsed = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error);
      // Stop parsing and writing at once (the writes settle and their files can be removed), but
      // read the rest of the body (at most `limit`, discarded) so the client gets the answer
      // instead of a reset connection.
      source.unpipe(parser);
      source.resume();
      // With an error: a file stream destroyed without one after its part ended leaves its
      // pipeline() to disk unsettled on Node 20, and the request waiting on it for ever.
      for (const stream of fileStreams) stream.destroy(new Error("form refused"));
    };
    source.on("error", fail);
    parser.on("error", fail);
    // busboy tells of a text field only once it has ended (an over-long one merely truncated), so
    // a 200 MB field would be read to its end. Bytes parsed since the last part boundary busboy
    // reported are counted instead: past the largest field (plus room for part headers and chunk
    // granularity) while no file part is open, the field is too large, answered at once.
    let openFile: Readable | undefined;
    let bytesSincePart = 0;
    const partBoundary = () => void (bytesSincePart = 0);
    source.on("data", (chunk: Buffer) => {
      bytesSincePart += chunk.length;
      if (!openFile && bytesSincePart > RICH_TEXT_FIELD_LIMIT + FIELD_SLACK) fail(new RequestError(413, MESSAGES.textPartTooLarge(RICH_TEXT_FIELD_LIMIT)));
    });
    parser.on("field", (name, value, info) => {
      partBoundary();
      fieldBytes += value.length;
      if (info.valueTruncated || value.length > fieldLimit(name)) return fail(new RequestError(413, MESSAGES.fieldTooLarge(name, fieldLimit(name))));
      if (fieldBytes > FIELDS_TOTAL_LIMIT) return fail(new RequestError(413, MESSAGES.tooLarge(FIELDS_TOTAL_LIMIT)));
      if (info.nameTruncated) return fail(new RequestError(400, MESSAGES.badForm));
      entries.push({ name, value });
    });
    parser.on("file", (name, stream, info) => {
      // First, before anything can happen on it: a body that ends inside this part errors this stream.
      stream.on("error", fail);
      if (failed) return void stream.resume();
      const file = path.join(scratchDir(), `${crypto.randomBytes(16).toString("hex")}${UNFINISHED_SUFFIX}`);
      written.push(file);
      liveParts.add(file);
      fileStreams.push(stream);
      openFile = stream;
      partBoundary();
      stream.on("end", () => {
        if (openFile === stream) openFile = undefined;
        partBoundary();
      });
      stream.on("limit", () => fail(new RequestError(413, MESSAGES.tooLarge(maxFileSize))));
      writes.push(pipeline(stream, fs.createWriteStream(file, { flags: "wx" })).catch(fail));
      entries.push({
        name,
        value: async () =>
          new File([await fs.openAsBlob(file)], info.filename ?? "", { type: info.mimeType === "application/octet-stream" ? "" : info.mimeType }),
      });
    });
    parser.on("filesLimit", () => fail(new RequestError(400, maxFiles === 0 ? MESSAGES.filesNotTaken : MESSAGES.badForm)));
    parser.on("partsLimit", () => fail(new RequestError(400, MESSAGES.badForm)));
    parser.on("close", () => {
      void Promise.all(writes).then(() => (failed ? undefined : resolve()));
    });
    source.pipe(parser);
  });

  const removeParts = async () => {
    await Promise.all(written.map((file) => fs.promises.rm(file, { force: true })));
    for (const file of written) liveParts.delete(file);
  };
  try {
    await parsed;
    const form = new FormData();
    for (const entry of entries) form.append(entry.name, typeof entry.value === "string" ? entry.value : await entry.value());
    // The Files stay readable until the request ends; then their .part files go. Without the
    // Express edge (dev server, tests) an aborted request removes them, and anything left is
    // removed by the janitor (janitor.server.ts).
    if (written.length && !onRequestEnd(() => void removeParts())) {
      request.signal.addEventListener("abort", () => void removeParts(), { once: true });
    }
    return form;
  } catch (error) {
    // Let every write stop before removing what it wrote.
    await Promise.allSettled(writes);
    await removeParts();
    if (error instanceof RequestError) throw error;
    // A truncated body, a malformed part or header: the client's fault.
    throw new RequestError(400, MESSAGES.badForm);
  }
}

/** A text field that must appear at most once ("" when absent); a repeated field is a 400. */
export function field(form: FormData, name: string): string {
  const values = form.getAll(name);
  if (values.length > 1) throw new RequestError(400, MESSAGES.repeatedField(name));
  const value = values[0];
  return typeof value === "string" ? value : "";
}

/** The string fields of a form (files left out). */
export function formStrings(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}
