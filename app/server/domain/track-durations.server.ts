import { parseStream } from "music-metadata";
import { contentChanged } from "../storage/content-version.server";
import { db } from "../storage/db.server";
import { mimeTypeOf } from "../storage/file-types.server";
import { keyOfUrl } from "../storage/file-store.server";
import { fileStore } from "../storage/storage.server";

/**
 * The length of a stored track in seconds, read from the file itself (headers, or a scan of the
 * frames when the format has no length field), or null when the file is missing or unreadable.
 */
export async function readTrackDuration(url: string): Promise<number | null> {
  const key = keyOfUrl(url);
  const file = key ? await fileStore().open(key) : null;
  if (!key || !file) return null;
  try {
    const { format } = await parseStream(file.stream, { size: file.size, mimeType: mimeTypeOf(key), path: key }, { duration: true, skipCovers: true });
    const seconds = format.duration;
    return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;
  } catch {
    return null;
  } finally {
    file.stream.destroy();
  }
}

/**
 * Rows to store for a saved track list: a track already stored keeps its known duration, any
 * other is read from its file once, here, so pages never read audio files per request.
 */
export async function withDurations<T extends { url: string }>(
  files: T[],
  known: { url: string; durationSeconds: number | null }[] = [],
): Promise<(T & { durationSeconds: number | null })[]> {
  const knownByUrl = new Map(known.filter((k) => k.durationSeconds != null).map((k) => [k.url, k.durationSeconds]));
  return Promise.all(files.map(async (f) => ({ ...f, durationSeconds: knownByUrl.get(f.url) ?? (await readTrackDuration(f.url)) })));
}

/**
 * At boot: tracks stored before durations were kept, or by the demo seed, get theirs from their
 * files. Answers how many rows were filled.
 */
export async function backfillTrackDurations(): Promise<number> {
  const rows = await db.musicTrack.findMany({ where: { durationSeconds: null }, select: { id: true, url: true } });
  const byUrl = new Map<string, number | null>();
  const found: { id: number; durationSeconds: number }[] = [];
  for (const row of rows) {
    if (!byUrl.has(row.url)) byUrl.set(row.url, await readTrackDuration(row.url));
    const durationSeconds = byUrl.get(row.url);
    if (durationSeconds != null) found.push({ id: row.id, durationSeconds });
  }
  if (found.length === 0) return 0;
  // One transaction: one commit for the whole demo catalogue at first boot. Pages show durations.
  await db.$transaction(async (tx) => {
    for (const { id, durationSeconds } of found) await tx.musicTrack.update({ where: { id }, data: { durationSeconds }, select: { id: true } });
    await contentChanged(tx);
  });
  return found.length;
}
