import { createHash, randomBytes } from "node:crypto";
import { compositionPath, eventPath, newsPath } from "~/lib/paths";
import { logActivity, type Actor } from "./activity.server";
import { db } from "../storage/db.server";

/**
 * Issue 24: a preview link shows one news item or composition, draft or scheduled, to anyone who
 * has it, until it expires (7 days unless asked otherwise) or staff revoke it. The token is 256
 * random bits; only its SHA-256 is stored, so a copy of the database opens no preview.
 * The link is the item's public URL with `?preview=<token>`: the page answers it no-store and
 * noindex (http/preview.server.ts), so no cache and no search engine keeps it.
 */
export type PreviewKind = "news" | "music" | "event";

const DEFAULT_PREVIEW_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Longest a link may be asked to live (the api/'s `expires_in`). */
export const MAX_PREVIEW_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PREVIEW_PARAM = "preview";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const ITEM_COLUMN = { news: "newsId", music: "musicId", event: "eventId" } as const;
const itemColumn = (kind: PreviewKind) => ITEM_COLUMN[kind];
const KIND_NAME: Record<PreviewKind, string> = { news: "notizia", music: "contenuto musicale", event: "concerto" };

/** The public path of an item, with the token (Italian pages; the English twin reads the same token). */
async function previewPath(kind: PreviewKind, itemId: number, token: string): Promise<string | null> {
  const path =
    kind === "news"
      ? await db.news.findUnique({ where: { id: itemId }, select: { slug: true } }).then((n) => n && newsPath(n.slug))
      : kind === "event"
        ? await db.event.findUnique({ where: { id: itemId }, select: { slug: true } }).then((e) => e && eventPath(e.slug))
        : await db.music
            .findUnique({ where: { id: itemId }, select: { slug: true, category: { select: { name: true } } } })
            .then((m) => m && compositionPath(m.category.name, m.slug));
  return path ? `${path}?${PREVIEW_PARAM}=${token}` : null;
}

/** A new link for an item: its path (with the token, shown once) and expiry; null when the item does not exist. */
export async function createPreviewLink(
  kind: PreviewKind,
  itemId: number,
  actor: Actor,
  ttlMs: number = DEFAULT_PREVIEW_TTL_MS,
): Promise<{ path: string; expiresAt: Date } | null> {
  const token = randomBytes(32).toString("base64url");
  const path = await previewPath(kind, itemId, token);
  if (!path) return null;
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.$transaction(async (tx) => {
    await tx.previewLink.create({ data: { tokenHash: hashOf(token), [itemColumn(kind)]: itemId, createdBy: actor.username, expiresAt }, select: { id: true } });
    await logActivity(tx, actor, `Creato un link di anteprima (${KIND_NAME[kind]} ${itemId})`);
  });
  return { path, expiresAt };
}

export type LivePreviewLink = { id: number; createdBy: string; createdAt: Date; expiresAt: Date };

/** The links of an item that still open it (the admin's list, each with "Revoca"). */
export function livePreviewLinks(kind: PreviewKind, itemId: number): Promise<LivePreviewLink[]> {
  return db.previewLink.findMany({
    where: { [itemColumn(kind)]: itemId, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, createdBy: true, createdAt: true, expiresAt: true },
    orderBy: { id: "desc" },
  });
}

/** Revokes one link of an item; false when there is no such live link. */
export async function revokePreviewLink(kind: PreviewKind, itemId: number, linkId: number, actor: Actor): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.previewLink.updateMany({ where: { id: linkId, [itemColumn(kind)]: itemId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count > 0) await logActivity(tx, actor, `Revocato un link di anteprima (${KIND_NAME[kind]} ${itemId})`);
    return count > 0;
  });
}

/** Does this token open this item now (not expired, not revoked)? */
export async function previewTokenOpens(kind: PreviewKind, itemId: number, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const link = await db.previewLink.findUnique({
    where: { tokenHash: hashOf(token) },
    select: { newsId: true, musicId: true, eventId: true, expiresAt: true, revokedAt: true },
  });
  if (!link || link.revokedAt || link.expiresAt.getTime() <= Date.now()) return false;
  return link[ITEM_COLUMN[kind]] === itemId;
}
