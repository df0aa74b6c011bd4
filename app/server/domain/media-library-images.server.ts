import { CONTENT_FORMS, contentKindLabel, itemSummary } from "~/lib/content-fields";
import { isContentKind } from "~/lib/content-types";
import { lacksAlt } from "~/lib/images";
import { pageWindow } from "~/lib/list-params";
import { db } from "../storage/db.server";
import { keyOfUrl, storedKeyOfUrl, urlOfKey } from "../storage/file-store.server";

// The media library's images and where they are used: the read side of media-library.server.ts,
// apart so the saves of news and music (save-with-files.server.ts) can check a picked cover without
// importing the library's writes, which record revisions of news and music.

export type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** A row, column or content item that shows an image, with the admin page that edits it. */
export type ImageUse = { label: string; href: string };

export type LibraryImage = {
  key: string;
  url: string;
  fileName: string;
  altIt: string;
  altEn: string;
  decorative: boolean;
  /** Counted (images/...): can be replaced and deleted; a content picture of an earlier release cannot. */
  stored: boolean;
  uses: ImageUse[];
};

function isImageKey(key: string): boolean {
  return /^(images|content)\/[^/]+\.(jpe?g|png|webp|avif|gif)$/i.test(key);
}

/** Every string of a content item, nested lists included, with how many times each occurs. */
export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** The uses of every image, by store key: compositions, news (image and attachments), concerts, content items. */
export async function usesByKey(client: Tx | typeof db = db): Promise<Map<string, ImageUse[]>> {
  const uses = new Map<string, ImageUse[]>();
  const add = (url: string | null | undefined, use: ImageUse) => {
    const key = keyOfUrl(url);
    if (!key || !isImageKey(key)) return;
    const list = uses.get(key) ?? [];
    if (!list.some((u) => u.href === use.href)) list.push(use);
    uses.set(key, list);
  };
  const [music, news, attachments, events, items] = await Promise.all([
    client.music.findMany({ select: { slug: true, title: true, img: true } }),
    client.news.findMany({ where: { image: { not: null } }, select: { slug: true, title: true, image: true } }),
    client.newsAttachment.findMany({ where: { url: { startsWith: "/media/images/" } }, select: { url: true, news: { select: { slug: true, title: true } } } }),
    client.event.findMany({ where: { image: { not: null } }, select: { slug: true, title: true, image: true } }),
    client.contentItem.findMany({ select: { kind: true, data: true }, orderBy: [{ kind: "asc" }, { position: "asc" }] }),
  ]);
  for (const m of music) add(m.img, { label: `Musica: ${m.title}`, href: `/admin/musicList/${m.slug}` });
  for (const n of news) add(n.image, { label: `Notizia: ${n.title}`, href: `/admin/newsList/${n.slug}` });
  for (const a of attachments) add(a.url, { label: `Notizia (allegato): ${a.news.title}`, href: `/admin/newsList/${a.news.slug}` });
  for (const e of events) add(e.image, { label: `Concerto: ${e.title}`, href: `/admin/events/${encodeURIComponent(e.slug)}` });
  for (const row of items) {
    if (!isContentKind(row.kind)) continue;
    const item = JSON.parse(row.data) as Record<string, unknown> & { id: number };
    const use = { label: `${contentKindLabel(row.kind)}: ${itemSummary(CONTENT_FORMS[row.kind], item)}`, href: `/admin/content/${row.kind}/${item.id}` };
    for (const value of stringsOf(item)) add(value, use);
  }
  return uses;
}

/**
 * Every image of the library: the images it holds (its rows: uploads, images given alt texts) and
 * the images news, compositions and content items use (uploaded with their forms, or content
 * pictures of an earlier release, /media/content/...); newest library rows first, then by key. An
 * image only kept revisions or the trash still count (one a replace took the place of, a removed
 * cover) is not one of them: a restore brings it back with its item (issue 35.8).
 */
async function listLibraryImages(): Promise<LibraryImage[]> {
  const [rows, uses] = await Promise.all([
    db.mediaImage.findMany({ select: { key: true, altIt: true, altEn: true, decorative: true, fileName: true }, orderBy: { createdAt: "desc" } }),
    usesByKey(),
  ]);
  const keys = [...new Set([...rows.map((r) => r.key), ...[...uses.keys()].sort()])];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const originalNames = new Map(
    (await db.storedFile.findMany({ where: { key: { in: keys }, originalName: { not: null } }, select: { key: true, originalName: true } })).map((f) => [
      f.key,
      f.originalName ?? "",
    ]),
  );
  return keys.map((key): LibraryImage => {
    const row = byKey.get(key);
    return {
      key,
      url: urlOfKey(key),
      fileName: row?.fileName || originalNames.get(key) || "",
      altIt: row?.altIt ?? "",
      altEn: row?.altEn ?? "",
      decorative: row?.decorative ?? false,
      stored: storedKeyOfUrl(urlOfKey(key)) !== null,
      uses: uses.get(key) ?? [],
    };
  });
}

/** The library page's filters (`?stato=`): images without alt texts, images nothing uses. */
export const LIBRARY_STATES = { "senza-alt": lacksAlt, "non-usate": (image: LibraryImage) => image.uses.length === 0 } as const;
export type LibraryState = keyof typeof LIBRARY_STATES;

export type LibrarySearch = { q?: string; state?: LibraryState; page?: number; size?: number };

/**
 * One page of the library for its admin page: the images whose file name, store key or alt texts
 * contain `q` (any case), in `state`; with how many match and how many of all the images each
 * filter holds. The list is built whole (it joins rows, files and every content item's pictures),
 * so it is paged here rather than in SQL: a site has hundreds of images, not millions.
 */
export async function searchLibraryImages({ q = "", state, page = 1, size }: LibrarySearch) {
  const all = await listLibraryImages();
  const needle = q.trim().toLocaleLowerCase("it");
  const matching = all.filter(
    (image) =>
      (!state || LIBRARY_STATES[state](image)) &&
      (!needle || [image.fileName, image.key, image.altIt, image.altEn].some((text) => text.toLocaleLowerCase("it").includes(needle))),
  );
  const { skip, take } = pageWindow({ page, size });
  return {
    images: matching.slice(skip, take === undefined ? undefined : skip + take),
    total: matching.length,
    counts: { all: all.length, "senza-alt": all.filter(LIBRARY_STATES["senza-alt"]).length, "non-usate": all.filter(LIBRARY_STATES["non-usate"]).length },
  };
}

/** One image of the library, or null when the library has no such image. */
export async function libraryImage(key: string): Promise<LibraryImage | null> {
  return (await listLibraryImages()).find((image) => image.key === key) ?? null;
}

/** True when `url` is an image of the library, as its pickers offer them (a news or music cover may be one). */
export async function isLibraryImageUrl(url: string): Promise<boolean> {
  return (await listLibraryImages()).some((image) => image.url === url);
}

/** The choices of an image picker in the admin forms: URL and a name staff recognise. */
export async function libraryChoices(): Promise<{ url: string; label: string }[]> {
  return (await listLibraryImages()).map((image) => ({ url: image.url, label: image.altIt || image.fileName || image.key.split("/").pop()! }));
}
