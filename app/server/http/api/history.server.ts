import { CONTENT_LIST_KEYS, isContentKind, type ContentKind } from "~/lib/content-types";
import { NOT_FOUND_MESSAGE } from "~/lib/form-messages";
import { idParam } from "~/lib/ids";
import type { Actor } from "../../domain/activity.server";
import {
  restoreContentRevision,
  restoreEventRevision,
  restoreFromTrash,
  restoreMusicRevision,
  restoreNewsRevision,
  type RestorePublication,
} from "../../domain/item-restore.server";
import type { EventItem } from "../../domain/events.server";
import type { MusicItem } from "../../domain/music.server";
import type { NewsItem } from "../../domain/news.server";
import { listRevisions } from "../../domain/revisions.server";
import { trashEntryOfItem, type TrashKind } from "../../domain/trash.server";
import { ApiError, json, savedItem } from "./http.server";
import { findEvent, findMusic, findNews } from "./lookup.server";
import { wire } from "./wire.server";

/**
 * The staff api/ of issue 24 (ADR 027): revisions of news, music and content pages, their restore,
 * and the restore of a deleted news item, composition or category out of the trash. Addressed as the
 * item is: news and music by id or slug (a deleted one, and a category, by the id it had), a content
 * page by its name.
 */

export type HistoryKind = "news" | "music" | "event" | "content";

/** Which item an api/ URL names: /api/news/{id}/..., /api/music/{id}/..., /api/events/{id}/..., /api/content/{name}/... */
export function historyKind(request: Request): HistoryKind {
  const segment = new URL(request.url).pathname.split("/")[2];
  if (segment === "news" || segment === "music" || segment === "content") return segment;
  if (segment === "events") return "event";
  throw new ApiError(404, NOT_FOUND_MESSAGE);
}

function contentKind(name: string): ContentKind {
  if (!isContentKind(name)) throw new ApiError(404, "Contenuto non trovato: usa uno dei nomi di /data/{name}.json.");
  return name;
}

async function liveItem(kind: HistoryKind, key: string): Promise<{ itemKey: string | number; item: (snapshot: unknown) => unknown }> {
  if (kind === "content") {
    const name = contentKind(key);
    return { itemKey: name, item: (snapshot) => ({ [CONTENT_LIST_KEYS[name]]: snapshot }) };
  }
  if (kind === "event") {
    const event = await findEvent(key);
    if (!event) throw new ApiError(404, NOT_FOUND_MESSAGE);
    return { itemKey: event.id, item: (snapshot) => wire.event(snapshot as EventItem, "staff") };
  }
  const found = kind === "news" ? await findNews(key) : await findMusic(key);
  if (!found) throw new ApiError(404, NOT_FOUND_MESSAGE);
  return { itemKey: found.id, item: (snapshot) => (kind === "news" ? wire.news(snapshot as NewsItem) : wire.music(snapshot as MusicItem)) };
}

/** GET .../revisions/: the item's revisions, newest first, each with the item as it kept it. */
export async function revisionsResponse(kind: HistoryKind, key: string): Promise<Response> {
  const { itemKey, item } = await liveItem(kind, key);
  return json((await listRevisions(kind, itemKey)).map((revision) => wire.revision(revision, item)));
}

/**
 * POST .../revisions/{revisionId}/restore/: the item as the restore saved it (itself a new revision).
 * It keeps the item's publication state; `?restore_publication=1` brings back the revision's too.
 */
export async function restoreRevisionResponse(
  kind: HistoryKind,
  key: string,
  revisionParam: string,
  actor: Actor,
  publication: RestorePublication = "keep",
): Promise<Response> {
  const revisionId = idParam(revisionParam);
  if (!revisionId) throw new ApiError(404, "Revisione non trovata.");
  const { itemKey } = await liveItem(kind, key);
  if (kind === "content") return json(savedItem(await restoreContentRevision(contentKind(String(itemKey)), revisionId, actor)));
  if (kind === "news") return json(wire.news(savedItem(await restoreNewsRevision(Number(itemKey), revisionId, actor, publication))));
  if (kind === "event") return json(wire.staffEvent(savedItem(await restoreEventRevision(Number(itemKey), revisionId, actor, publication))));
  return json(wire.music(savedItem(await restoreMusicRevision(Number(itemKey), revisionId, actor, publication))));
}

/** Which kind of trashed item an api/ URL names: /api/news/{id}/restore/, /api/music/..., /api/events/..., /api/category/... */
export function trashKind(request: Request): TrashKind {
  const segment = new URL(request.url).pathname.split("/")[2];
  if (segment === "news" || segment === "music" || segment === "category") return segment;
  if (segment === "events") return "event";
  throw new ApiError(404, NOT_FOUND_MESSAGE);
}

/** POST /api/{news|music|category}/{id}/restore/: the deleted item back out of the trash, with its id (and slug) (201). */
export async function restoreFromTrashResponse(kind: TrashKind, key: string, actor: Actor): Promise<Response> {
  const id = idParam(key);
  const entry = id ? await trashEntryOfItem(kind, id) : null;
  if (!entry) throw new ApiError(404, "Nel cestino non c'è un elemento con questo id.");
  const restored = savedItem(await restoreFromTrash(entry.id, actor));
  if (restored.kind === "news") return json(wire.news(restored.item), 201);
  if (restored.kind === "music") return json(wire.music(restored.item), 201);
  if (restored.kind === "event") return json(wire.staffEvent(restored.item), 201);
  return json(wire.category(restored.item), 201);
}
