import type { Prisma } from "~/generated/prisma/client";
import { databaseRefusal, db } from "../storage/db.server";
import { notFound, type SaveFailure, type SaveResult } from "./save-result.server";
import { type StagedFile, recountFiles, removeUnreferenced } from "../storage/stored-files.server";
import { storedKeyOfUrl } from "../storage/file-store.server";
import { fileStore } from "../storage/storage.server";
import { isLibraryImageUrl } from "./media-library-images.server";
import {
  UploadError,
  discardTempUploads,
  promoteTempUpload,
  resolveFileEntries,
  storeFormFile,
  type FileEntry,
  type ResolvedFiles,
  type UploadPurpose,
} from "./uploads.server";

/**
 * A new image: a file sent with the form post, a temporary upload (api/file/upload) named by its
 * temp_name, or an image of the media library by its URL (no new bytes: one more use of its stored file).
 */
export type ImageInput = File | { temp_name: string } | { library_url: string };

const PICK_GONE = "L'immagine scelta non è più nella libreria Media: scegline un'altra o carica un file.";

/** A library image deleted between the form's pick and the save's transaction. */
class PickedImageGone extends Error {}

/** A row's ordered file list (tracks, attachments) as the edge read it. */
export type FileListInput = {
  /** The whole ordered list: kept current files ({url, name}) and temp uploads. null keeps the current list. */
  entries?: FileEntry[] | null;
  /** New files sent in the form post itself (no JavaScript), appended to the list. */
  files?: File[];
};

type StoredFile = { name: string; url: string; nameEng?: string };

/** The files of one save: the new image (if any) and the list, with the fields their errors belong to. */
export type SaveFiles = {
  image: { input: ImageInput | null | undefined; field: string };
  list: (FileListInput & { purpose: UploadPurpose; current: StoredFile[]; field: string }) | null;
  /** Files the module stored for this save already (a stamped score and its original), and the temporary uploads they came from. */
  extra?: { staged: StagedFile[]; temps: string[] };
};

/** What the row's write gets: the stored image's URL (null when none came) and the list's rows. */
export type StoredFiles = { image: string | null; list: StoredFile[] };

/** The write of a row, in the save's transaction: the row, and the stored files it used before and uses after. */
export type RowWrite<T> = (tx: Prisma.TransactionClient) => Promise<{ item: T; before: (string | null)[]; after: (string | null)[] }>;

function uploadFailure(error: unknown, field: string): SaveFailure {
  if (error instanceof UploadError) return { ok: false, status: error.status, errors: { [field]: error.message } };
  throw error;
}

/** The image of a save: its URL, and the file staged for it when new bytes came (a pick from the library has none). */
async function storeImage(image: ImageInput | null | undefined): Promise<{ url: string; file?: StagedFile; temp?: string } | null> {
  if (!image) return null;
  if (image instanceof File) return withUrl({ file: await storeFormFile(image, "image") });
  if ("library_url" in image) {
    if (!(await isLibraryImageUrl(image.library_url))) throw new UploadError(PICK_GONE);
    return { url: image.library_url };
  }
  return withUrl({ file: await promoteTempUpload(image.temp_name, "image"), temp: image.temp_name });
}

const withUrl = (stored: { file: StagedFile; temp?: string }) => ({ url: stored.file.url, ...stored });

/**
 * Inside the save's transaction, after the counts (so holding the write lock): a picked library image
 * whose bytes a library delete removed after the pick was checked must not be counted as used.
 */
async function checkPickStillStored(url: string | undefined): Promise<void> {
  const key = storedKeyOfUrl(url);
  if (key && !(await fileStore().exists(key))) throw new PickedImageGone();
}

const NO_FILES: ResolvedFiles = { files: [], staged: [], usedTemp: [] };

/**
 * The save of a row with files (news, music): stores the new image and resolves the list before the
 * row is written, then `prepare` builds the write and the write runs in one transaction with the
 * stored-file counts. A refused file answers its field's error; a failed write (or a row deleted
 * meanwhile: 404) leaves nothing stored behind; after the commit the temporary uploads used and
 * the files no row uses any more are deleted.
 */
export async function saveWithFiles<T>(files: SaveFiles, prepare: (stored: StoredFiles) => Promise<RowWrite<T>>): Promise<SaveResult<T>> {
  const extra = files.extra ?? { staged: [], temps: [] };
  let image: Awaited<ReturnType<typeof storeImage>>;
  try {
    image = await storeImage(files.image.input);
  } catch (error) {
    await removeUnreferenced(extra.staged.map((f) => f.key));
    return uploadFailure(error, files.image.field);
  }
  let list = NO_FILES;
  if (files.list) {
    const { entries, files: formFiles, purpose, current, field } = files.list;
    try {
      list = await resolveFileEntries(entries ?? current, formFiles ?? [], purpose, current);
    } catch (error) {
      // The new image is already stored: a refused save must not leave it behind.
      await removeUnreferenced([...(image?.file ? [image.file.key] : []), ...extra.staged.map((f) => f.key)]);
      return uploadFailure(error, field);
    }
  }
  const staged = [...(image?.file ? [image.file] : []), ...list.staged, ...extra.staged];
  let saved: { item: T; released: string[] };
  try {
    const write = await prepare({ image: image?.url ?? null, list: list.files });
    saved = await db.$transaction(async (tx) => {
      const { item, before, after } = await write(tx);
      const released = await recountFiles(tx, before, after, staged);
      if (!image?.file) await checkPickStillStored(image?.url);
      return { item, released };
    });
  } catch (error) {
    // Deleted meanwhile (a DELETE raced this save): the files just stored belong to nothing.
    await removeUnreferenced(staged.map((f) => f.key));
    if (error instanceof PickedImageGone) return { ok: false, status: 409, errors: { [files.image.field]: PICK_GONE } };
    if (databaseRefusal(error) === "missing") return notFound();
    throw error;
  }
  await discardTempUploads([...list.usedTemp, ...(image?.temp ? [image.temp] : []), ...extra.temps]);
  await removeUnreferenced(saved.released);
  return { ok: true, item: saved.item };
}

/**
 * The delete of a row with files: `remove` deletes it in the transaction and answers the stored
 * files it used; those no other row uses are deleted after the commit.
 */
export async function deleteWithFiles(remove: (tx: Prisma.TransactionClient) => Promise<(string | null)[]>): Promise<void> {
  const released = await db.$transaction(async (tx) => recountFiles(tx, await remove(tx), []));
  await removeUnreferenced(released);
}
