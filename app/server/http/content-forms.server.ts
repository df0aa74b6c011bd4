import { CONTENT_FORMS, inputNames, type ScalarField } from "~/lib/content-fields";
import { data, redirect } from "react-router";
import { newFormValues, type FileField, type ItemFields, type ListField } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { EVENT_FIELDS, type WorkRow } from "~/lib/event-fields";
import { isContentKind, type ContentKind } from "~/lib/content-types";
import type { ContentImage } from "../domain/content.server";
import type { Actor } from "../domain/activity.server";
import { musicValuesFrom, parseMusicInput, saveMusic, type MusicFilesInput, type MusicItem, type MusicValues } from "../domain/music.server";
import { newsValuesFrom, parseNewsInput, saveNews, type NewsFilesInput, type NewsItem, type NewsValues } from "../domain/news.server";
import { categoryChoices } from "../domain/categories.server";
import { eventValuesFrom, parseEventInput, saveEvent, type EventItem } from "../domain/events.server";
import { libraryChoices } from "../domain/media-library-images.server";
import type { Parsed, SaveFailure } from "../domain/save-result.server";
import type { FileListInput, ImageInput } from "../domain/save-with-files.server";
import { cleanDisplayName, type FileEntry } from "../domain/uploads.server";
import { formStrings } from "./body.server";
import { romeLocalToUtc } from "~/lib/rome-time";
import { noticeFrom } from "~/lib/list-params";
import { isVisibleToVisitors, type Publication } from "../storage/publication.server";
import type { PublicationChoice, PublicationFormValues } from "~/lib/publication-labels";

/**
 * The request edge of the news and music writes: a form post (admin) or the files of an api/ body
 * read into the typed inputs of the domain modules, which never see FormData or JSON text.
 */

/** A chosen file in a multipart post (browsers send an empty part when nothing was chosen). */
export function isRealFile(value: FormDataEntryValue | null): value is File {
  return typeof value === "object" && value !== null && value.size > 0;
}

/** Parses the JSON file list the enhanced form and api/ send; malformed entries are dropped, a malformed list is null. */
export function parseFileEntries(raw: unknown): FileEntry[] | null {
  if (typeof raw !== "string" || !raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const out: FileEntry[] = [];
  for (const item of parsed.slice(0, 100)) {
    if (!item || typeof item !== "object") continue;
    const o = item as Record<string, unknown>;
    // A track's English name (issue 25): kept only when sent, so a client that never sends it keeps the saved one; empty shows the Italian one.
    const english = typeof o.name_eng === "string" ? { name_eng: cleanDisplayName(o.name_eng, "") } : {};
    if (typeof o.temp_name === "string") {
      out.push({ temp_name: o.temp_name, display_name: cleanDisplayName(typeof o.display_name === "string" ? o.display_name : "", o.temp_name), ...english });
    } else if (typeof o.url === "string") {
      out.push({ url: o.url, name: cleanDisplayName(typeof o.name === "string" ? o.name : "", "file"), ...english });
    }
  }
  return out;
}

/**
 * The choices fields of a post (issue 36's instruments: one checkbox per key, each checked one
 * posted under the field's name) as the comma-separated text the domain parses. A post without
 * any leaves the field out (an old client's body keeps what was saved).
 */
export function choiceTexts(form: FormData, fields: ItemFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const posted = form.getAll(name).filter((v): v is string => typeof v === "string");
    if (field.kind === "choices" && posted.length > 0) out[name] = posted.join(",");
  }
  return out;
}

/** The list field of a description that holds files of this purpose. */
function listField(fields: ItemFields, purpose: ListField["purpose"]): ListField {
  const field = Object.values(fields).find((f): f is ListField => f.kind === "list" && f.purpose === purpose);
  if (!field) throw new Error(`no list of ${purpose} files`);
  return field;
}

/**
 * The file list of an admin form post (the inputs its description names): the JSON list of the
 * enhanced form, or (without JavaScript) the keep-checkboxes of the current files plus the files sent with the post.
 */
function fileListFromForm(form: FormData, { inputs }: ListField, current: { url: string; name: string }[]): Required<FileListInput> {
  const files = form.getAll(inputs.files).filter(isRealFile);
  if (form.has(inputs.json)) return { entries: parseFileEntries(form.get(inputs.json)) ?? [], files };
  const keep = new Set(form.getAll(inputs.keep).filter((v): v is string => typeof v === "string"));
  return { entries: current.filter((e) => keep.has(e.url)), files };
}

/**
 * The image of an admin form post (the inputs its description names): a new file, a temp upload, a
 * pick from the media library (`<form>__library`), or nothing; `remove` when staff ticked its removal.
 */
function imageFromForm(form: FormData, fields: ItemFields): { image: ImageInput | null; remove: boolean } {
  const name = Object.values(fields).find((f): f is FileField => f.kind === "file")?.form ?? "image";
  const remove = form.get(`remove_${name}`) === "1";
  const file = form.get(`${name}_file`);
  if (isRealFile(file)) return { image: file, remove };
  const temp = form.get(`${name}_temp`);
  if (typeof temp === "string" && temp) return { image: { temp_name: temp }, remove };
  const picked = form.get(`${name}__library`);
  return { image: typeof picked === "string" && picked ? { library_url: picked } : null, remove };
}

/** The file inputs of the news and music forms, by the error key their field shows. */
const FILE_INPUTS: Record<string, string> = { image: "image_file", attachments: "attachment_files", tracks: "track_files", score: "score" };
const CHOOSE_AGAIN = "Il file scelto non è stato conservato: sceglilo di nuovo prima di salvare.";

/**
 * A refused admin form post without JavaScript comes back with its file inputs empty (no browser
 * refills them): each field in `chosen` (the error keys of the fields that had a file) says so
 * beside it, unless it has an error of its own (issue 35.12). With JavaScript the page stays and so
 * do the chosen files; the enhanced form says it is with `enhanced` (AdminForm).
 */
function withFilesToChooseAgain(errors: Record<string, string>, form: FormData, chosen: readonly string[]): Record<string, string> {
  if (form.has("enhanced")) return errors;
  const lost = chosen.filter((key) => !errors[key]);
  return { ...errors, ...Object.fromEntries(lost.map((key) => [key, CHOOSE_AGAIN])) };
}

/** The admin news form: its fields and files. */
function newsForm(form: FormData, currentAttachments: { url: string; name: string }[]): { values: NewsValues & PublicationFormValues; files: NewsFilesInput } {
  const { entries, files } = fileListFromForm(form, listField(NEWS_FIELDS, "attachment"), currentAttachments);
  const { image, remove } = imageFromForm(form, NEWS_FIELDS);
  return {
    values: { ...newsValuesFrom(formStrings(form)), ...publicationFromForm(form) },
    files: { image, removeImage: remove, attachments: entries, attachmentFiles: files },
  };
}

/**
 * The publication choice of an admin form as the api/'s fields (issue 24): "bozza" a draft,
 * "programma" published at the Rome time typed (in UTC), anything else (or a form without the
 * field) published now. An unreadable time is passed on as typed, so the domain refuses it.
 */
function publicationFromForm(form: FormData): { status: string; publish_at: string } & PublicationFormValues {
  const choice = form.get("publication");
  const local = String(form.get("publish_at_local") ?? "").trim();
  const publication: PublicationChoice = choice === "bozza" || choice === "programma" ? choice : "ora";
  if (publication === "bozza") return { status: "draft", publish_at: "", publication, publish_at_local: local };
  if (publication === "programma") {
    return { status: "published", publish_at: romeLocalToUtc(local)?.toISOString() ?? (local || "mancante"), publication, publish_at_local: local };
  }
  return { status: "published", publish_at: "", publication, publish_at_local: "" };
}

const SCHEDULE_PASSED = "Questa data e ora sono già passate: per «Programma» indica un momento futuro, oppure scegli «Pubblica ora».";

/**
 * "Programma" means "later" (issue 24, ADR 026): a time already past would publish at once what
 * staff meant to hold back, so the admin form refuses it (400, the message next to the field, every
 * typed value kept). The api/ has no such choice: `published` with a past `publish_at` there is a
 * backdated publication, visible at once.
 */
function refusePastSchedule<T>(parsed: Parsed<T>, values: PublicationFormValues & { publish_at: string }, now = Date.now()): Parsed<T> {
  const at = Date.parse(values.publish_at);
  if (values.publication !== "programma" || Number.isNaN(at) || at > now) return parsed;
  const errors = parsed.ok ? {} : parsed.errors;
  return { ok: false, status: 400, errors: { ...errors, publish_at: errors.publish_at ?? SCHEDULE_PASSED } };
}

/** The admin music form: its fields and files. */
function musicForm(form: FormData, currentTracks: { url: string; name: string }[]): { values: MusicValues & PublicationFormValues; files: MusicFilesInput } {
  const { entries, files } = fileListFromForm(form, listField(MUSIC_FIELDS, "track"), currentTracks);
  return {
    values: { ...musicValuesFrom({ ...formStrings(form), ...choiceTexts(form, MUSIC_FIELDS) }), ...publicationFromForm(form) },
    files: { image: imageFromForm(form, MUSIC_FIELDS).image, tracks: entries, trackFiles: files, score: documentFromForm(form, "score") },
  };
}

/** A document of an admin form post (issue 36's score): a new file, its removal ticked (`remove_<name>`), or absent: kept. */
function documentFromForm(form: FormData, name: string): File | null | undefined {
  const file = form.get(name);
  if (isRealFile(file)) return file;
  return form.get(`remove_${name}`) === "1" ? null : undefined;
}

/** What the admin form of a new news item or composition starts from: empty values (today's date, published at once) and its choices. */
export async function newItemForm(kind: "news" | "music") {
  const values = kind === "news" ? newFormValues(NEWS_FIELDS) : newFormValues(MUSIC_FIELDS);
  return { values, categories: await categoryChoices(kind), library: await libraryChoices() };
}

/**
 * After a news item or a composition is saved, created or edited, with JavaScript or without (issue
 * 35): back to its edit page, which says «Modifiche salvate» with a link to its public page.
 */
export function backToEditPage(editPath: string) {
  return redirect(`${editPath}?avviso=salvato`);
}

/** What an edit page says after a save: the notice, and the item's public page with whether visitors see it yet. */
export function savedNotice(request: Request, publicPath: string, item: Publication) {
  return { notice: noticeFrom(new URL(request.url)), publicPage: { href: publicPath, visible: isVisibleToVisitors(item) } };
}

/** A refused admin form post: the messages and the values to show again, with the refusal's status (a category gone meanwhile is a 400 here). */
export function formRefusal<V>(failure: SaveFailure, values: V, form: FormData) {
  const chosen = Object.entries(FILE_INPUTS).filter(([, input]) => form.getAll(input).some(isRealFile));
  const errors = withFilesToChooseAgain(
    failure.errors,
    form,
    chosen.map(([key]) => key),
  );
  return data({ errors, values }, { status: failure.status === 404 ? 400 : failure.status });
}

/**
 * An admin form post of a news item saved (`current` null: a new one): the saved item, or the
 * refusal and the values the form shows again with it.
 */
export async function saveNewsForm(form: FormData, current: NewsItem | null, actor: Actor) {
  const { values, files } = newsForm(form, current?.attachments ?? []);
  const parsed = refusePastSchedule(parseNewsInput(values), values);
  return { values, result: parsed.ok ? await saveNews(current, parsed.data, files, actor) : parsed };
}

/** An admin form post of a composition saved, as saveNewsForm. */
export async function saveMusicForm(form: FormData, current: MusicItem | null, actor: Actor) {
  const { values, files } = musicForm(form, current?.tracks ?? []);
  const parsed = refusePastSchedule(parseMusicInput(values), values);
  return { values, result: parsed.ok ? await saveMusic(current, parsed.data, files, actor) : parsed };
}

/** The admin form of one content item, read: the item as typed (for the schema, or to show again), its image files, the button pressed. */
export type ContentItemPost = {
  item: Record<string, unknown>;
  images: ContentImage[];
  /** "save", or the list that asked for more blank rows ("aggiungi riga") and how many it shows then. */
  intent: { save: true } | { save: false; addRowsTo: string; blankRows: number };
};

/**
 * The messages a content item form shows again (a refusal, or more blank rows asked for): each image
 * field that had a file says, without JavaScript, that it must be chosen again.
 */
export function contentFormErrors(errors: Record<string, string>, post: ContentItemPost, form: FormData): Record<string, string> {
  return withFilesToChooseAgain(
    errors,
    form,
    post.images.map((image) => image.path),
  );
}

/** A number field: its value when it is an integer, else the text as typed (the schema then names the field). */
function numberValue(value: string): number | string {
  return /^-?\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value;
}

/** The inputs of scalar fields; an image picked from the media library (`<name>__library`) wins over its typed address. */
function scalarValues(fields: readonly ScalarField[], read: (name: string) => string, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    for (const name of inputNames(field)) out[name] = field.type === "number" ? numberValue(read(`${prefix}${name}`)) : read(`${prefix}${name}`);
    // A browser sends a textarea's line breaks as CRLF (HTML's form encoding): kept as typed, "\n", so a save
    // that changes nothing leaves /data and the press kit's text files as they were.
    if (field.type === "textarea") for (const name of inputNames(field)) out[name] = String(out[name]).replace(/\r\n?/g, "\n");
    const picked = field.type === "image" ? read(`${prefix}${field.name}__library`) : "";
    if (picked) out[field.name] = picked;
  }
  return out;
}

/** The row indexes a list's inputs were posted with ("artists.0.name", "artists.3.link": 0 and 3), in order. */
function postedRows(form: FormData, list: string): number[] {
  const rows = new Set<number>();
  for (const key of form.keys()) {
    const match = new RegExp(`^${list}\\.(\\d{1,4})\\.`).exec(key);
    if (match) rows.add(Number(match[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

/**
 * The form of /admin/content/{name}/{id}, by the kind's field description (app/lib/content-fields.ts):
 * inputs named as the item's fields ("title", "title_eng", "artists.0.name"), an image's file beside
 * it ("src__file") and its pick from the media library ("src__library"). Rows of a nested list marked "rimuovi", or left blank, are dropped; a kept row
 * keeps its hidden id. Nothing is checked here: the kind's zod schema does that in the domain.
 */
export function contentItemForm(kind: ContentKind, form: FormData): ContentItemPost {
  const strings = formStrings(form);
  const read = (name: string) => strings[name] ?? "";
  const fileOf = (name: string) => {
    const file = form.get(`${name}__file`);
    return isRealFile(file) ? file : null;
  };
  const item: Record<string, unknown> = {};
  const images: ContentImage[] = [];
  for (const field of CONTENT_FORMS[kind].fields) {
    if (field.type !== "list") {
      Object.assign(item, scalarValues([field], read, ""));
      const file = field.type === "image" ? fileOf(field.name) : null;
      if (file) images.push({ path: field.name, file });
      continue;
    }
    const rows: Record<string, unknown>[] = [];
    for (const index of postedRows(form, field.name)) {
      const prefix = `${field.name}.${index}.`;
      if (read(`${prefix}remove`) === "1") continue;
      const row = scalarValues(field.fields, read, prefix);
      const rowImages = field.fields.filter((f) => f.type === "image" && fileOf(`${prefix}${f.name}`));
      const blank = Object.values(row).every((value) => value === "") && rowImages.length === 0;
      if (blank) continue;
      const id = read(`${prefix}id`);
      for (const f of rowImages) images.push({ path: `${field.name}.${rows.length}.${f.name}`, file: fileOf(`${prefix}${f.name}`)! });
      rows.push(field.withIds ? { id: id ? numberValue(id) : null, ...row } : row);
    }
    item[field.name] = rows;
  }
  const add = /^add-row:([A-Za-z_]+):(\d{1,2})$/.exec(read("intent"));
  return { item, images, intent: add ? { save: false, addRowsTo: add[1]!, blankRows: Number(add[2]) } : { save: true } };
}

/** The kind named in an admin URL (/admin/content/{name}); any other name is the admin's 404 page. */
export function adminContentKind(name: string | undefined): ContentKind {
  if (!name || !isContentKind(name)) throw data("Contenuto non trovato", { status: 404 });
  return name;
}

/** The item id of an admin URL (/admin/content/{name}/{id}); "nuovo" (a new item) is null. */
export function adminContentId(param: string | undefined): number | null | undefined {
  if (param === "nuovo") return null;
  return param && /^\d{1,9}$/.test(param) ? Number(param) : undefined;
}

// --- concerts (issue 36) ---

/**
 * The programme of a concert form, which works without JavaScript: numbered rows `works_music_N` (a
 * select; empty leaves the row out), `works_order_N` (a number: the rows are sorted by it, then by N)
 * and `works_premiere_N` (a checkbox). Answers the rows as posted and the programme they make.
 */
export function worksFromForm(form: FormData): { rows: WorkRow[]; works: { id: number; premiere: boolean }[] } {
  const rows: WorkRow[] = [];
  for (let n = 0; n < 100 && form.has(`works_music_${n}`); n++) {
    rows.push({
      music: String(form.get(`works_music_${n}`) ?? ""),
      order: String(form.get(`works_order_${n}`) ?? ""),
      premiere: form.get(`works_premiere_${n}`) === "1",
    });
  }
  const chosen = rows
    .map((row, index) => ({ row, index, order: Number.parseInt(row.order, 10) }))
    .filter(({ row }) => /^\d+$/.test(row.music))
    .sort((a, b) => (Number.isNaN(a.order) ? Infinity : a.order) - (Number.isNaN(b.order) ? Infinity : b.order) || a.index - b.index);
  return { rows, works: chosen.map(({ row }) => ({ id: Number(row.music), premiere: row.premiere })) };
}

/** The moments of a form typed in Rome time (`datetime-local`) as the api/'s ISO texts; an unreadable one is passed on as typed, so the domain refuses it. */
function romeTimesToIso(values: Record<string, string>, names: readonly string[]): Record<string, string> {
  const out = { ...values };
  for (const name of names) {
    const typed = (values[name] ?? "").trim();
    if (typed) out[name] = romeLocalToUtc(typed)?.toISOString() ?? typed;
  }
  return out;
}

/** The texts of a concert form post as typed (times in Rome time), the publication choice included: what the form shows again. */
export function eventFormValues(form: FormData) {
  return { ...eventValuesFrom(formStrings(form)), ...publicationFromForm(form) };
}

/**
 * An admin form post of a concert saved (`current` null: a new one), as saveNewsForm: the saved
 * concert, or the refusal with the values and programme rows the form shows again.
 */
export async function saveEventForm(form: FormData, current: EventItem | null, actor: Actor) {
  const { image, remove } = imageFromForm(form, EVENT_FIELDS);
  const values = eventFormValues(form);
  const { rows, works } = worksFromForm(form);
  const parsed = refusePastSchedule(parseEventInput(romeTimesToIso(values, ["starts_at", "ends_at"])), values);
  const result = parsed.ok ? await saveEvent(current, parsed.data, works, { image, removeImage: remove }, actor) : parsed;
  return { values, rows, result };
}
