import { MESSAGES, RequestError, asClientError } from "../errors.server";
import { log } from "../../platform/log.server";
import type { SaveFailure, SaveResult } from "../../domain/save-result.server";
import { ensureCsrfCookie } from "./csrf.server";

/**
 * The HTTP edge of the api/ resource routes: JSON answers, JSON errors, method dispatch and body
 * reading with limits. Every failure a client can cause is an ApiError with a 4xx status; anything
 * else is logged and answered as a bare 500 JSON (never a stack trace).
 */
export type ApiArgs = { request: Request; params: Record<string, string | undefined> };
export type ApiHandler = (args: ApiArgs) => Promise<Response> | Response;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A client error of the api/ (Italian message, extra JSON keys); the edge's RequestError with a body. */
export class ApiError extends RequestError {
  constructor(
    status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503,
    message: string,
    public extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(status, { it: message, en: message }, headers);
    this.name = "ApiError";
  }
}

// X-Content-Type-Options comes from the request edge, on every answer (csp.server.ts): set here too, it went out twice.
const BASE_HEADERS = { "Cache-Control": "no-store" } as const;

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

function errorResponse(error: ApiError): Response {
  return json({ error: error.message, ...error.extra }, error.status, error.headers);
}

/**
 * Builds the loader (GET/HEAD) and action (everything else) of a resource route from handlers per
 * method. OPTIONS answers 204 with Allow, unknown methods 405 with Allow (the Express edge reads the
 * same list from `loader.allowedMethods`); every answer carries the csrftoken cookie when the client
 * has none yet (the Django-style double submit the original client expects). Client errors thrown
 * anywhere below (ApiError, the edge readers' RequestError, Prisma's not-found/conflict) are JSON
 * 4xx; anything else is logged and answered as a bare 500 JSON (never a stack trace).
 */
export function endpoint(
  handlers: Partial<Record<Method, ApiHandler>>,
  /** `csrfCookie: false`: an endpoint visitors' browsers call (the play beacon) sets no cookie (ADR 045). */
  options: { bodyLimit?: () => number; csrfCookie?: boolean } = {},
) {
  const allowed: string[] = Object.keys(handlers);
  if (allowed.includes("GET")) allowed.splice(allowed.indexOf("GET") + 1, 0, "HEAD");
  const allow = [...allowed, "OPTIONS"].join(", ");
  async function dispatch(args: ApiArgs): Promise<Response> {
    const method = args.request.method.toUpperCase();
    if (method === "OPTIONS") return noContent({ Allow: allow });
    const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
    let response: Response;
    try {
      if (!handler) throw new ApiError(405, "Metodo non consentito", {}, { Allow: allow });
      response = await handler(args);
    } catch (error) {
      const clientError = asClientError(error);
      if (clientError instanceof ApiError) response = errorResponse(clientError);
      else if (clientError) response = json({ error: clientError.messages.it }, clientError.status, clientError.headers);
      else if (error instanceof Response) response = error;
      else {
        log().error({ err: error, method, path: new URL(args.request.url).pathname }, "api request failed");
        response = json({ error: MESSAGES.internal.it }, 500);
      }
    }
    return options.csrfCookie === false ? response : ensureCsrfCookie(args.request, response);
  }
  return {
    loader: Object.assign(dispatch, { allowedMethods: [...allowed], bodyLimit: options.bodyLimit }),
    action: dispatch,
  };
}

/**
 * Checks the wire types of a body: each named field, when present, must be a string (or a number
 * where `numeric`, a list of strings where `lists`, null where `nullable`). Form bodies are all
 * strings; this matters for JSON.
 */
export function checkTypes(
  body: Record<string, unknown>,
  fields: readonly string[],
  numeric: readonly string[] = [],
  more: { lists?: readonly string[]; nullable?: readonly string[] } = {},
) {
  for (const field of fields) {
    if (!(field in body) || body[field] === undefined) continue;
    const value = body[field];
    if (typeof value === "string") continue;
    if (numeric.includes(field) && typeof value === "number" && Number.isFinite(value)) continue;
    if (more.lists?.includes(field) && Array.isArray(value) && value.every((v) => typeof v === "string")) continue;
    if (value === null && more.nullable?.includes(field)) continue;
    throw new ApiError(400, `Tipo non valido per il campo "${field}".`, { errors: { [field]: "Tipo non valido" } });
  }
}

/** The first message of a field-error map, for the `error` key. */
export function firstError(errors: Record<string, string>, fallback = "Dati non validi"): string {
  return Object.values(errors)[0] ?? fallback;
}

/** A domain refusal (a body that failed validation, a save refused) as `{error, errors}` with its status. */
export function refused(failure: SaveFailure): never {
  throw new ApiError(failure.status, firstError(failure.errors), { errors: failure.errors });
}

/** The row a domain write saved; its refusal is thrown (`refused`). */
export function savedItem<T>(result: SaveResult<T>): T {
  if (!result.ok) refused(result);
  return result.item;
}
