import { ensureCsrfCookie } from "./csrf.server";

/**
 * The HTTP edge of the api/ resource routes: JSON answers, JSON errors, method dispatch and body
 * reading with limits. Every failure a client can cause is an ApiError with a 4xx status; anything
 * else is logged and answered as a bare 500 JSON (never a stack trace).
 */
export type ApiArgs = { request: Request; params: Record<string, string | undefined> };
export type ApiHandler = (args: ApiArgs) => Promise<Response> | Response;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export class ApiError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const BASE_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } as const;

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(BASE_HEADERS)) if (!h.has(k)) h.set(k, v);
  return Response.json(body, { status, headers: h });
}

export function noContent(headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(BASE_HEADERS)) if (!h.has(k)) h.set(k, v);
  return new Response(null, { status: 204, headers: h });
}

export function errorResponse(error: ApiError): Response {
  return json({ error: error.message, ...error.extra }, error.status, error.headers);
}

export const NOT_FOUND_MESSAGE = "Elemento non trovato";

/**
 * Builds the loader (GET/HEAD) and action (everything else) of a resource route from handlers per
 * method. Unknown methods get 405 with Allow; every answer carries the csrftoken cookie when the
 * client has none yet (the Django-style double submit the original client expects).
 */
export function endpoint(handlers: Partial<Record<Method, ApiHandler>>) {
  const allowed = Object.keys(handlers) as Method[];
  if (allowed.includes("GET")) allowed.push("HEAD" as Method);
  const allow = allowed.join(", ");
  async function dispatch(args: ApiArgs): Promise<Response> {
    const method = args.request.method.toUpperCase();
    const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
    let response: Response;
    try {
      if (!handler) throw new ApiError(405, "Metodo non consentito", {}, { Allow: allow });
      response = await handler(args);
    } catch (error) {
      if (error instanceof ApiError) response = errorResponse(error);
      else if (error instanceof Response) response = error;
      else {
        console.error(`api ${method} ${new URL(args.request.url).pathname}:`, error);
        response = json({ error: "Errore interno del server" }, 500);
      }
    }
    return ensureCsrfCookie(args.request, response);
  }
  return { loader: dispatch, action: dispatch };
}

// --- bodies ---

export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

function contentType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
}

export function isJson(request: Request) {
  return contentType(request) === "application/json";
}
export function isMultipart(request: Request) {
  return contentType(request) === "multipart/form-data";
}
export function isUrlEncoded(request: Request) {
  return contentType(request) === "application/x-www-form-urlencoded";
}

/** Reads the whole body, refusing (413) before buffering more than `limit` bytes. */
export async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw new ApiError(413, `Richiesta troppo grande: il limite è ${Math.floor(limit / (1024 * 1024))} MB.`);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ApiError(413, `Richiesta troppo grande: il limite è ${Math.floor(limit / (1024 * 1024))} MB.`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** A JSON object body (Content-Type application/json, which a cross-site HTML form cannot send). */
export async function readJsonObject(request: Request, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  if (!isJson(request)) throw new ApiError(415, "Content-Type non supportato: invia application/json.");
  const bytes = await readBody(request, limit);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(400, "JSON non valido.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new ApiError(400, "Il corpo della richiesta deve essere un oggetto JSON.");
  return parsed as Record<string, unknown>;
}

/** A multipart or url-encoded form body. */
export async function readForm(request: Request, limit: number, accept: ("multipart" | "urlencoded")[] = ["multipart"]): Promise<FormData> {
  const ok = (accept.includes("multipart") && isMultipart(request)) || (accept.includes("urlencoded") && isUrlEncoded(request));
  if (!ok) {
    const wanted = accept.map((a) => (a === "multipart" ? "multipart/form-data" : "application/x-www-form-urlencoded")).join(" o ");
    throw new ApiError(415, `Content-Type non supportato: invia ${wanted}.`);
  }
  const bytes = await readBody(request, limit);
  try {
    return await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw new ApiError(400, "Corpo della richiesta non leggibile.");
  }
}

/**
 * Checks the wire types of a body: each named field, when present, must be a string (or a number
 * where `numeric`). Form bodies are all strings; this matters for JSON.
 */
export function checkTypes(body: Record<string, unknown>, fields: readonly string[], numeric: readonly string[] = []) {
  for (const field of fields) {
    if (!(field in body) || body[field] === undefined) continue;
    const value = body[field];
    if (typeof value === "string") continue;
    if (numeric.includes(field) && typeof value === "number" && Number.isFinite(value)) continue;
    throw new ApiError(400, `Tipo non valido per il campo "${field}".`, { errors: { [field]: "Tipo non valido" } });
  }
}

/** The string fields of a form (files left out). */
export function formStrings(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  return out;
}

/** The first message of a field-error map, for the `error` key. */
export function firstError(errors: Record<string, string>, fallback = "Dati non validi"): string {
  return Object.values(errors)[0] ?? fallback;
}

/** A path parameter that is a database id, or null. */
export function idParam(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
