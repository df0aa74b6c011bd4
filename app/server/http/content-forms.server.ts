import { musicValuesFrom, type MusicFilesInput, type MusicValues } from "../domain/music.server";
import { newsValuesFrom, type NewsFilesInput, type NewsValues } from "../domain/news.server";
import type { FileListInput, ImageInput } from "../domain/save-with-files.server";
import { cleanDisplayName, type FileEntry } from "../domain/uploads.server";
import { formStrings } from "./body.server";

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
    if (typeof o.temp_name === "string") {
      out.push({ temp_name: o.temp_name, display_name: cleanDisplayName(typeof o.display_name === "string" ? o.display_name : "", o.temp_name) });
    } else if (typeof o.url === "string") {
      out.push({ url: o.url, name: cleanDisplayName(typeof o.name === "string" ? o.name : "", "file") });
    }
  }
  return out;
}

/**
 * The file list of an admin form post: the JSON list of the enhanced form, or (without
 * JavaScript) the keep-checkboxes of the current files plus the files sent with the post.
 */
function fileListFromForm(
  form: FormData,
  names: { jsonName: string; keepName: string; fileInputName: string },
  current: { url: string; name: string }[],
): Required<FileListInput> {
  const files = form.getAll(names.fileInputName).filter(isRealFile);
  if (form.has(names.jsonName)) return { entries: parseFileEntries(form.get(names.jsonName)) ?? [], files };
  const keep = new Set(form.getAll(names.keepName).filter((v): v is string => typeof v === "string"));
  return { entries: current.filter((e) => keep.has(e.url)), files };
}

/** The image of an admin form post: a new file, a temp upload, or nothing. */
function imageFromForm(form: FormData): ImageInput | null {
  const file = form.get("image_file");
  if (isRealFile(file)) return file;
  const temp = form.get("image_temp");
  return typeof temp === "string" && temp ? { temp_name: temp } : null;
}

/** The admin news form: its fields and files. */
export function newsForm(form: FormData, currentAttachments: { url: string; name: string }[]): { values: NewsValues; files: NewsFilesInput } {
  const { entries, files } = fileListFromForm(
    form,
    { jsonName: "attachments_json", keepName: "keep_attachment", fileInputName: "attachment_files" },
    currentAttachments,
  );
  return {
    values: newsValuesFrom(formStrings(form)),
    files: { image: imageFromForm(form), removeImage: form.get("remove_image") === "1", attachments: entries, attachmentFiles: files },
  };
}

/** The admin music form: its fields and files. */
export function musicForm(form: FormData, currentTracks: { url: string; name: string }[]): { values: MusicValues; files: MusicFilesInput } {
  const { entries, files } = fileListFromForm(form, { jsonName: "tracks_json", keepName: "keep_track", fileInputName: "track_files" }, currentTracks);
  return { values: musicValuesFrom(formStrings(form)), files: { image: imageFromForm(form), tracks: entries, trackFiles: files } };
}
