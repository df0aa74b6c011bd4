import { parseCookie, stringifySetCookie } from "cookie";
import { data } from "react-router";
import { formatRomeTime } from "~/lib/rome-time";
import { getOptionalUser, isStaffUser, type SessionUser } from "../domain/session.server";
import { createPreviewLink, livePreviewLinks, PREVIEW_PARAM, previewTokenOpens, revokePreviewLink, type PreviewKind } from "../domain/preview-links.server";
import { getEnv } from "../platform/env.server";
import { urlOfKey } from "../storage/file-store.server";
import { publicationState, type Publication } from "../storage/publication.server";
import { unpublishedOnlyFiles } from "../storage/unpublished-media.server";
import { publicOrigin } from "./origin.server";

/**
 * Issue 24, the request side of previews. A draft or scheduled item's public page answers 404,
 * except to signed-in staff and to a valid preview link (`?preview=<token>`), who see it with the
 * "Anteprima" banner. Such an answer is private, no-store (the page cache stores no private or
 * no-store answer: http/page-cache.server.ts) and noindex.
 */
export type PreviewInfo = { state: "draft" | "scheduled"; time: string | null };

const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * A preview link's token, kept for /media only: the pictures, attachments and tracks of the item
 * it opens are not served to visitors while only unpublished items use them (below), and their
 * requests do not carry the page's `?preview=`. A session cookie; the token is checked again on
 * every request, so an expired or revoked link opens no file.
 */
const PREVIEW_MEDIA_COOKIE = "preview_media";

/** The headers of a preview answer: private, no-store, noindex, and for a preview link the cookie /media reads. */
export function previewHeaders(request: Request): Headers {
  const headers = new Headers(PREVIEW_HEADERS);
  const token = new URL(request.url).searchParams.get(PREVIEW_PARAM);
  if (token) {
    const secure = getEnv().isProduction && !(getEnv().publicOrigin ?? "").startsWith("http://");
    headers.append("Set-Cookie", stringifySetCookie(PREVIEW_MEDIA_COOKIE, token, { path: "/media", httpOnly: true, sameSite: "lax", secure }));
  }
  return headers;
}

/**
 * Who may fetch a stored file at /media (issue 24, ADR 026): "public" everyone (the usual long
 * cache); "private" this request only (staff, or the preview link of an item that uses it: answer
 * private, no-store); null nobody here (404, no-store), a file only draft or scheduled items use.
 */
export async function mediaAudience(request: Request, key: string): Promise<"public" | "private" | null> {
  const uses = (await unpublishedOnlyFiles()).get(urlOfKey(key));
  if (!uses) return "public";
  if (isStaffUser(await getOptionalUser(request))) return "private";
  const token = parseCookie(request.headers.get("Cookie") ?? "")[PREVIEW_MEDIA_COOKIE];
  for (const use of uses) if (token && (await previewTokenOpens(use.kind, use.id, token))) return "private";
  return null;
}

/**
 * A news item's or a concert's page data: a 404 when there is no such item, its view with the preview
 * (or null) when this request may see it, with a preview's private headers (else previewFor's 404).
 */
export async function previewableDetail<Item extends { id: number } & Publication, View extends object>(
  request: Request,
  kind: PreviewKind,
  item: Item | null,
  view: (item: Item) => Promise<View>,
) {
  if (!item) throw data(null, { status: 404 });
  const preview = await previewFor(request, kind, item);
  const detail = { ...(await view(item)), preview };
  return preview ? data(detail, { headers: previewHeaders(request) }) : detail;
}

/** null: the item is public, the page is as usual. A preview: shown to this request. Else a thrown 404. */
export async function previewFor(request: Request, kind: PreviewKind, item: { id: number } & Publication): Promise<PreviewInfo | null> {
  const state = publicationState(item);
  if (state === "published") return null;
  const token = new URL(request.url).searchParams.get(PREVIEW_PARAM) ?? "";
  const allowed = (token && (await previewTokenOpens(kind, item.id, token))) || isStaffUser(await getOptionalUser(request));
  if (!allowed) throw data(null, { status: 404 });
  return { state, time: item.publishAt ? formatRomeTime(item.publishAt) : null };
}

/** The address of a new link: absolute, to be sent to someone. */
export async function newPreviewLink(request: Request, kind: PreviewKind, itemId: number, user: SessionUser, ttlMs?: number) {
  const link = await createPreviewLink(kind, itemId, user, ttlMs);
  return link && { url: `${publicOrigin(request)}${link.path}`, expiresAt: link.expiresAt };
}

/**
 * The preview-link posts of an admin edit page (intent "preview-link" or "revoke-preview"): what
 * the action answers, or null for any other post (the item's own form).
 */
export async function previewLinkIntent(request: Request, form: FormData, kind: PreviewKind, itemId: number, user: SessionUser) {
  const intent = form.get("intent");
  if (intent === "preview-link") {
    const link = await newPreviewLink(request, kind, itemId, user);
    if (!link) throw data("Elemento non trovato", { status: 404 });
    return { previewLink: { url: link.url, expires: formatRomeTime(link.expiresAt) } };
  }
  if (intent === "revoke-preview") {
    const id = Number(form.get("link"));
    if (!Number.isInteger(id) || !(await revokePreviewLink(kind, itemId, id, user))) throw data("Link di anteprima non trovato", { status: 400 });
    return { previewLink: null };
  }
  return null;
}

/** The live links of an edit page, as it lists them. */
export async function previewLinkRows(kind: PreviewKind, itemId: number) {
  return (await livePreviewLinks(kind, itemId)).map((l) => ({ id: l.id, createdBy: l.createdBy, expires: formatRomeTime(l.expiresAt) }));
}
