import type { Route } from "./+types/upload";
import { CSRF_HEADER, CROSS_ORIGIN_MESSAGE, CSRF_MESSAGE, CSRFError, isCrossOrigin, validateCsrfToken } from "~/server/csrf.server";
import { getOptionalUser, isStaffUser } from "~/server/session.server";
import { MAX_FILE_BYTES, MB, UploadError, isPurpose, isRealFile, saveTempUpload } from "~/server/uploads.server";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * The asynchronous upload of the admin forms (POST or PUT, multipart: `file`, `kind` =
 * image | track | attachment). Answers {file_name, temp_name, display_name}; the file stays
 * temporary until the form that lists it is saved. A resource route: React Router's origin check
 * does not run here, so the origin and the token (header X-CSRF-Token or field csrf) are checked here.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "PUT") return json({ error: "Metodo non consentito" }, 405);
  if (!isStaffUser(await getOptionalUser(request))) return json({ error: "Accesso riservato allo staff: effettua il login." }, 401);
  if (isCrossOrigin(request)) return json({ error: CROSS_ORIGIN_MESSAGE }, 403);
  const length = Number(request.headers.get("Content-Length") ?? "0");
  const largest = Math.max(...Object.values(MAX_FILE_BYTES));
  if (Number.isFinite(length) && length > largest + MB) {
    return json({ error: `File troppo grande: il limite è ${largest / MB} MB.` }, 413);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ error: "Richiesta non valida: invia il file come multipart/form-data nel campo \"file\"." }, 400);
  }
  try {
    await validateCsrfToken(request, request.headers.get(CSRF_HEADER) ?? form.get("csrf"));
  } catch (error) {
    if (error instanceof CSRFError) return json({ error: CSRF_MESSAGE }, 403);
    throw error;
  }
  const kind = form.get("kind") ?? new URL(request.url).searchParams.get("kind") ?? "attachment";
  if (!isPurpose(kind)) return json({ error: "Tipo di caricamento non valido." }, 400);
  const file = form.get("file");
  if (!isRealFile(file)) return json({ error: "Nessun file ricevuto." }, 400);
  const displayName = form.get("display_name");
  try {
    return json(await saveTempUpload(file, kind, typeof displayName === "string" ? displayName : null));
  } catch (error) {
    if (error instanceof UploadError) return json({ error: error.message }, error.status);
    throw error;
  }
}

export function loader() {
  return json({ error: "Metodo non consentito" }, 405);
}
