import { db } from "./db.server";
import { visibleToVisitors } from "./publication.server";
import { untilContentChanged } from "./read-cache.server";

/** A draft or scheduled item that uses a stored file. */
export type UnpublishedUse = { kind: "news" | "music"; id: number };

/**
 * The /media rule (issue 24, ADR 026): a stored file that only draft or scheduled items use is not
 * served to visitors, or its address would show what is not published yet. Answers those files' URLs
 * ("/media/images/...") with the items that use them. A file that a visible item or a content page
 * also uses stays public; files no live row uses (only a revision, a trash entry or the media
 * library holds them) are as before. Kept until the content version moves, which it also does when
 * a scheduled time passes, so a file becomes public with its item.
 */
export function unpublishedOnlyFiles(): Promise<ReadonlyMap<string, readonly UnpublishedUse[]>> {
  return untilContentChanged("media:unpublished-only", async () => {
    const now = new Date();
    const hidden = { NOT: visibleToVisitors(now) };
    const [news, music] = await Promise.all([
      db.news.findMany({ where: hidden, select: { id: true, image: true, attachments: { select: { url: true } } } }),
      db.music.findMany({ where: hidden, select: { id: true, img: true, tracks: { select: { url: true, streamUrl: true, peaksUrl: true } } } }),
    ]);
    const uses = new Map<string, UnpublishedUse[]>();
    const add = (url: string | null, use: UnpublishedUse) => {
      if (url?.startsWith("/media/")) uses.set(url, [...(uses.get(url) ?? []), use]);
    };
    for (const n of news) for (const url of [n.image, ...n.attachments.map((a) => a.url)]) add(url, { kind: "news", id: n.id });
    for (const m of music) for (const url of [m.img, ...m.tracks.flatMap((t) => [t.url, t.streamUrl, t.peaksUrl])]) add(url, { kind: "music", id: m.id });
    if (uses.size === 0) return uses;

    const urls = [...uses.keys()];
    const visible = visibleToVisitors(now);
    const [visibleNews, visibleAttachments, visibleMusic, visibleTracks, content] = await Promise.all([
      db.news.findMany({ where: { ...visible, image: { in: urls } }, select: { image: true } }),
      db.newsAttachment.findMany({ where: { url: { in: urls }, news: visible }, select: { url: true } }),
      db.music.findMany({ where: { ...visible, img: { in: urls } }, select: { img: true } }),
      db.musicTrack.findMany({
        where: { music: visible, OR: [{ url: { in: urls } }, { streamUrl: { in: urls } }, { peaksUrl: { in: urls } }] },
        select: { url: true, streamUrl: true, peaksUrl: true },
      }),
      db.contentItem.findMany({ select: { data: true } }),
    ]);
    const shown = [
      ...visibleNews.map((n) => n.image),
      ...visibleAttachments.map((a) => a.url),
      ...visibleMusic.map((m) => m.img),
      ...visibleTracks.flatMap((t) => [t.url, t.streamUrl, t.peaksUrl]),
    ];
    for (const url of shown) if (url) uses.delete(url);
    for (const url of uses.keys()) if (content.some((item) => item.data.includes(JSON.stringify(url)))) uses.delete(url);
    return uses;
  });
}
