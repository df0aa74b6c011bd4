import { data } from "react-router";
import type { Lang } from "~/lib/i18n";
import { largestFileBytes, MAX_FILES_PER_FORM } from "../domain/uploads.server";
import { field, readForm, type FormLimits } from "./body.server";
import { RequestError } from "./errors.server";
import { contentFormLimit, PUBLIC_FORM_LIMIT } from "./routes.server";

/**
 * The form of a page action (contact, sign-in, sign-out, cookie consent, admin forms), read by the
 * one form reader with the page kind's limits. A refused body becomes a 4xx in the page's language,
 * shown by the error boundary. The origin was already checked by the Express edge (forgery.server.ts).
 */
const PUBLIC_FORM: FormLimits = { limit: PUBLIC_FORM_LIMIT, accept: ["urlencoded", "multipart"], maxFiles: 0 };
/** Read at each request: the largest file (a track master) follows MAX_TRACK_MB. */
const adminFormLimits = (): FormLimits => ({
  limit: contentFormLimit(),
  accept: ["urlencoded", "multipart"],
  maxFileSize: largestFileBytes(),
  maxFiles: MAX_FILES_PER_FORM,
});

export async function readPageForm(request: Request, lang: Lang, limits: FormLimits = PUBLIC_FORM): Promise<FormData> {
  try {
    return await readForm(request, limits);
  } catch (error) {
    if (error instanceof RequestError) throw data(error.messages[lang], { status: error.status, headers: error.headers });
    throw error;
  }
}

/** A text field that must appear once at most; a repeated field is a 400 in the page's language. */
export function pageField(form: FormData, name: string, lang: Lang): string {
  try {
    return field(form, name);
  } catch (error) {
    if (error instanceof RequestError) throw data(error.messages[lang], { status: error.status });
    throw error;
  }
}

/**
 * The form of an admin post (Italian messages, the admin's limits). Read in the action, not in the
 * layout's middleware: React Router rebuilds the Request it hands to the action from the original
 * body stream, so a middleware may not consume it (and a clone would buffer the whole body).
 */
export function adminForm(request: Request): Promise<FormData> {
  return readPageForm(request, "it", adminFormLimits());
}
