import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { readForm } from "~/server/http/body.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { wire } from "~/server/http/api/wire.server";
import { uploadLimit } from "~/server/http/routes.server";
import { isRealFile } from "~/server/http/content-forms.server";
import { largestFileBytes, UploadError, detectFileType, isPurpose, saveTempUpload, typeSample, type UploadPurpose } from "~/server/domain/uploads.server";

/**
 * The original name from `Content-Disposition: attachment; filename=<url-encoded name>` (also
 * `filename*=UTF-8''...` and quoted forms). Only a display name: uploads.server.ts strips folders
 * and the stored file always gets a server-made name.
 */
function nameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const raw = star?.[1] ?? plain?.[2] ?? plain?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return raw.trim();
  }
}

/**
 * The header must name a bare file: a name with folders ("../../etc/passwd"), control characters
 * or only dots is refused rather than silently cut down, so the client learns its request was wrong.
 */
function checkBareName(name: string) {
  if (!name || name.length > 255 || /[\\/\u0000-\u001f\u007f]/.test(name) || /^\.+$/.test(name.trim())) {
    throw new ApiError(400, "Nome del file non valido: indica solo il nome, senza cartelle.");
  }
}

/** Without an explicit kind, the content decides: audio is a track, an image an image, a PDF an attachment. */
async function purposeOf(file: File, requested: string | null): Promise<UploadPurpose> {
  if (requested) {
    if (!isPurpose(requested)) throw new ApiError(400, "Tipo di caricamento non valido: usa image, track, attachment o score.");
    return requested;
  }
  const family = (await detectFileType(await typeSample(file)))?.family;
  return family === "audio" ? "track" : family === "image" ? "image" : "attachment";
}

/**
 * PUT (or POST) api/file/upload/ and /admin/upload (staff): multipart field `file`, the url-encoded original name in
 * the Content-Disposition header, optional `kind` (field or query) and `display_name`. The file is
 * checked by uploads.server.ts (magic bytes, size) and kept as a temporary upload until a music
 * or news save lists its temp_name. Answers {file_name, temp_name, display_name}.
 */
async function upload({ request }: { request: Request }) {
  await requireStaffWrite(request);
  const form = await readForm(request, { limit: uploadLimit(), accept: ["multipart"], maxFileSize: largestFileBytes(), maxFiles: 1 });
  const file = form.get("file");
  if (!isRealFile(file)) throw new ApiError(400, 'Nessun file ricevuto nel campo "file".');
  const fromHeader = nameFromDisposition(request.headers.get("Content-Disposition"));
  if (fromHeader !== null) checkBareName(fromHeader);
  const name = fromHeader ?? file.name;
  const kindField = form.get("kind");
  const kind = await purposeOf(file, typeof kindField === "string" && kindField ? kindField : new URL(request.url).searchParams.get("kind"));
  const displayName = form.get("display_name");
  try {
    const saved = await saveTempUpload(file, kind, typeof displayName === "string" && displayName ? displayName : null, name);
    return json(wire.upload(saved));
  } catch (error) {
    if (error instanceof UploadError) throw new ApiError(error.status, error.message);
    throw error;
  }
}

/** Also mounted at /admin/upload (routes/admin/upload.ts) for the admin forms. */
const api = endpoint({ PUT: upload, POST: upload }, { bodyLimit: uploadLimit });

export const loader = api.loader;
export const action = api.action;
