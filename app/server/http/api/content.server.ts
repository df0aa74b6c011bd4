import { choiceTexts, isRealFile, parseFileEntries } from "../content-forms.server";
import { formStrings, isJsonRequest, readForm, readJson } from "../body.server";
import { deleteMusic, parseMusicInput, saveMusic, type MusicFilesInput, type MusicItem } from "../../domain/music.server";
import { deleteNews, parseNewsInput, saveNews, type NewsFilesInput, type NewsItem } from "../../domain/news.server";
import { deleteEvent, parseEventInput, parseWorksInput, saveEvent, type EventWorkInput } from "../../domain/events.server";
import { RequestError } from "../errors.server";
import type { ImageInput } from "../../domain/save-with-files.server";
import type { ScoreInput } from "../../domain/perusal-scores.server";
import { largestFileBytes, MAX_FILES_PER_FORM, maxRequestBytes, type FileEntry } from "../../domain/uploads.server";
import type { Actor } from "../../domain/activity.server";
import { ApiError, checkTypes, refused, savedItem, json, noContent } from "./http.server";
import { findEvent, findMusic, findNews } from "./lookup.server";
import { EVENT_BODY_FIELDS, MUSIC_BODY_FIELDS, NEWS_BODY_FIELDS, wire } from "./wire.server";
import { bodyValueTypes, patchedBodyValues, type ItemFields } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { EVENT_FIELDS } from "~/lib/event-fields";
import { NOT_FOUND_MESSAGE, REQUIRED_MESSAGE } from "~/lib/form-messages";

/**
 * Music and news writes of the api/: the SPEC wire body (multipart with JSON file lists, or JSON
 * for a PATCH without new files) turned into the inputs of the domain functions the admin forms
 * call. Validation, storage, activity rows and file clean-up all happen there.
 */
type Body = { fields: Record<string, unknown>; files: Map<string, File> };

/** `publish_at: null` in JSON means no time, as an empty string does in a form. */
function withoutNullPublishAt(fields: Record<string, unknown>): Record<string, unknown> {
  return fields.publish_at === null ? { ...fields, publish_at: "" } : fields;
}

async function readWriteBody(request: Request, allowJson: boolean): Promise<Body> {
  if (allowJson && isJsonRequest(request)) return { fields: withoutNullPublishAt(await readJson(request)), files: new Map() };
  const form = await readForm(request, {
    limit: maxRequestBytes(),
    accept: ["multipart"],
    maxFileSize: largestFileBytes(),
    maxFiles: MAX_FILES_PER_FORM,
  }).catch((error) => {
    if (error instanceof RequestError && error.status === 415 && allowJson) {
      throw new ApiError(415, "Content-Type non supportato: invia multipart/form-data o application/json.");
    }
    throw error;
  });
  const files = new Map<string, File>();
  for (const [key, value] of form) if (typeof value !== "string" && isRealFile(value) && !files.has(key)) files.set(key, value);
  return { fields: { ...formStrings(form), ...choiceTexts(form, MUSIC_FIELDS) }, files };
}

/**
 * Checks a body's wire types by its type's description, then gives its lists of keys (issue 36's
 * `instruments`: a JSON list, or comma-separated text) as the text the domain parses.
 */
function checkedFields(fields: ItemFields, body: Body, names: readonly string[], numeric: readonly string[] = []): Record<string, unknown> {
  const types = bodyValueTypes(fields);
  checkTypes(body.fields, names, [...numeric, ...types.numeric], types);
  const lists = types.lists.filter((name) => Array.isArray(body.fields[name]));
  return { ...body.fields, ...Object.fromEntries(lists.map((name) => [name, (body.fields[name] as string[]).join(",")])) };
}

/** A file list field (`music_tracks`, `attachments`): a JSON array (string in multipart) or absent. */
function fileList(body: Body, field: string): FileEntry[] | undefined {
  if (!(field in body.fields) || body.fields[field] === undefined) return undefined;
  const raw = body.fields[field];
  if (raw === null || raw === "") return [];
  const text = Array.isArray(raw) ? JSON.stringify(raw) : raw;
  const parsed = parseFileEntries(text);
  if (parsed === null) {
    throw new ApiError(400, `Il campo "${field}" deve essere una lista JSON di {name, url} o {temp_name, display_name}.`, {
      errors: { [field]: "Lista non valida" },
    });
  }
  return parsed;
}

/** An image field: a file part, or a temp_name from PUT file/upload/ (string, or {temp_name}). */
function imageField(body: Body, field: string, current: string | null): ImageInput | null | undefined {
  const file = body.files.get(field);
  if (file) return file;
  if (!(field in body.fields)) return undefined;
  const raw = body.fields[field];
  if (raw === null || raw === "") return null;
  if (typeof raw === "string") return raw === current ? undefined : { temp_name: raw };
  if (typeof raw === "object" && typeof (raw as { temp_name?: unknown }).temp_name === "string") {
    return { temp_name: (raw as { temp_name: string }).temp_name };
  }
  throw new ApiError(400, `Tipo non valido per il campo "${field}".`, { errors: { [field]: "Tipo non valido" } });
}

/**
 * Issue 36: the perusal score of a body: a file part `score`, or a temp_name from PUT file/upload/
 * (string, or {temp_name}); null or "" removes it; absent, or the current score's URL sent back, keeps it.
 */
function scoreField(body: Body, current: string | null): ScoreInput | null | undefined {
  const file = body.files.get("score");
  if (file) return file;
  if (!("score" in body.fields)) return undefined;
  const raw = body.fields.score;
  if (raw === null || raw === "") return null;
  if (typeof raw === "string") return raw === current ? undefined : { temp_name: raw };
  if (typeof raw === "object" && typeof (raw as { temp_name?: unknown }).temp_name === "string") return { temp_name: (raw as { temp_name: string }).temp_name };
  throw new ApiError(400, 'Tipo non valido per il campo "score".', { errors: { score: "Tipo non valido" } });
}

// --- music ---

function musicMode(fields: Record<string, unknown>, fallback: "tracks" | "link"): string {
  if (typeof fields.mode === "string" && fields.mode) return fields.mode;
  if ("link" in fields) return typeof fields.link === "string" && fields.link.trim() ? "link" : "tracks";
  if ("music_tracks" in fields || (typeof fields.videos === "string" && fields.videos.trim())) return "tracks";
  return fallback;
}

export async function createMusicFromRequest(request: Request, user: Actor): Promise<Response> {
  const body = await readWriteBody(request, false);
  const fields = checkedFields(MUSIC_FIELDS, body, MUSIC_BODY_FIELDS);
  const parsed = parseMusicInput({ ...fields, mode: musicMode(fields, "tracks") });
  if (!parsed.ok) refused(parsed);
  const files: MusicFilesInput = {
    image: imageField(body, "img", null) ?? null,
    tracks: fileList(body, "music_tracks") ?? [],
    score: scoreField(body, null) ?? undefined,
  };
  return json(wire.staffMusic(savedItem(await saveMusic(null, parsed.data, files, user))), 201);
}

export async function updateMusicFromRequest(key: string, request: Request, user: Actor): Promise<Response> {
  const current = await findMusic(key);
  if (!current) throw new ApiError(404, NOT_FOUND_MESSAGE);
  const body = await readWriteBody(request, true);
  const fields = checkedFields(MUSIC_FIELDS, body, MUSIC_BODY_FIELDS, ["category"]);
  const merged = patchedBodyValues(MUSIC_FIELDS, current, fields);
  merged.mode = musicMode(fields, current.link ? "link" : "tracks");
  const parsed = parseMusicInput(merged);
  if (!parsed.ok) refused(parsed);
  const image = imageField(body, "img", current.img);
  if (image === null) throw new ApiError(400, REQUIRED_MESSAGE, { errors: { img: REQUIRED_MESSAGE } });
  const files: MusicFilesInput = { image: image ?? null, tracks: fileList(body, "music_tracks") ?? null, score: scoreField(body, current.score) };
  return json(wire.staffMusic(savedItem(await saveMusic(current, parsed.data, files, user))));
}

export async function deleteMusicFromRequest(key: string, user: Actor): Promise<Response> {
  const current: MusicItem | null = await findMusic(key);
  if (!current || !(await deleteMusic(current.id, user))) throw new ApiError(404, NOT_FOUND_MESSAGE);
  return noContent();
}

// --- news ---

export async function createNewsFromRequest(request: Request, user: Actor): Promise<Response> {
  const body = await readWriteBody(request, false);
  checkTypes(body.fields, NEWS_BODY_FIELDS);
  const parsed = parseNewsInput(body.fields);
  if (!parsed.ok) refused(parsed);
  const files: NewsFilesInput = { image: imageField(body, "image", null) ?? null, attachments: fileList(body, "attachments") ?? [] };
  return json(wire.staffNews(savedItem(await saveNews(null, parsed.data, files, user))), 201);
}

export async function updateNewsFromRequest(key: string, request: Request, user: Actor): Promise<Response> {
  const current: NewsItem | null = await findNews(key);
  if (!current) throw new ApiError(404, NOT_FOUND_MESSAGE);
  const body = await readWriteBody(request, true);
  checkTypes(body.fields, NEWS_BODY_FIELDS, ["category"]);
  const parsed = parseNewsInput(patchedBodyValues(NEWS_FIELDS, current, body.fields));
  if (!parsed.ok) refused(parsed);
  const image = imageField(body, "image", current.image);
  const files: NewsFilesInput = {
    image: image ?? null,
    removeImage: image === null,
    attachments: fileList(body, "attachments") ?? null,
  };
  return json(wire.staffNews(savedItem(await saveNews(current, parsed.data, files, user))));
}

export async function deleteNewsFromRequest(key: string, user: Actor): Promise<Response> {
  const current = await findNews(key);
  if (!current || !(await deleteNews(current.id, user))) throw new ApiError(404, NOT_FOUND_MESSAGE);
  return noContent();
}

// --- concerts ---

/** A programme (`works`): a JSON list, or its text in a multipart body; absent keeps the saved one (null). */
function worksField(body: Body): EventWorkInput[] | null {
  if (!("works" in body.fields) || body.fields.works === undefined) return null;
  let raw: unknown = body.fields.works;
  if (raw === null || raw === "") return [];
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = undefined;
    }
  }
  const parsed = parseWorksInput(raw);
  if (!parsed.ok) refused(parsed);
  return parsed.data;
}

export async function createEventFromRequest(request: Request, user: Actor): Promise<Response> {
  const body = await readWriteBody(request, true);
  checkTypes(body.fields, EVENT_BODY_FIELDS);
  const parsed = parseEventInput(body.fields);
  if (!parsed.ok) refused(parsed);
  const works = worksField(body) ?? [];
  return json(wire.staffEvent(savedItem(await saveEvent(null, parsed.data, works, { image: imageField(body, "image", null) ?? null }, user))), 201);
}

export async function updateEventFromRequest(key: string, request: Request, user: Actor): Promise<Response> {
  const current = await findEvent(key);
  if (!current) throw new ApiError(404, NOT_FOUND_MESSAGE);
  const body = await readWriteBody(request, true);
  checkTypes(body.fields, EVENT_BODY_FIELDS);
  const parsed = parseEventInput(patchedBodyValues(EVENT_FIELDS, current, body.fields));
  if (!parsed.ok) refused(parsed);
  const image = imageField(body, "image", current.image);
  const files = { image: image ?? null, removeImage: image === null };
  return json(wire.staffEvent(savedItem(await saveEvent(current, parsed.data, worksField(body), files, user))));
}

export async function deleteEventFromRequest(key: string, user: Actor): Promise<Response> {
  const current = await findEvent(key);
  if (!current || !(await deleteEvent(current.id, user))) throw new ApiError(404, NOT_FOUND_MESSAGE);
  return noContent();
}
