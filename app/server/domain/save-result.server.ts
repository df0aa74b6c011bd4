import type { z } from "zod";
import { NOT_FOUND_MESSAGE } from "~/lib/form-messages";

/**
 * What every domain write (categories, news, music) answers: the saved row, or a 4xx with one
 * message per field. The admin actions re-render the form with `errors`; api/ answers
 * `{error, errors}` with `status`. One type, so both edges answer a refusal alike.
 */
export type FieldErrors = Record<string, string>;
export type SaveFailure = { ok: false; status: 400 | 404 | 409 | 413 | 415; errors: FieldErrors };
export type SaveResult<T> = { ok: true; item: T } | SaveFailure;

/** A body checked by a domain schema: the typed input, or the same 400 a save would answer. */
export type Parsed<T> = { ok: true; data: T } | SaveFailure;

export function notFound(): SaveFailure {
  return { ok: false, status: 404, errors: { form: NOT_FOUND_MESSAGE } };
}

export function invalid(errors: FieldErrors): SaveFailure {
  return { ok: false, status: 400, errors };
}

/** The first message of each field (a field's later issues wait until the first is fixed). */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

export function parseWith<S extends z.ZodType>(schema: S, values: unknown): Parsed<z.output<S>> {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : invalid(fieldErrors(parsed.error));
}

/**
 * The text of each named field of a body (form strings or JSON): numbers as their digits,
 * anything else (missing, null, objects) as "". The values a refused form is shown again with.
 */
export function textFields<K extends string>(raw: Record<string, unknown>, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = raw[key];
    out[key] = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  }
  return out;
}
