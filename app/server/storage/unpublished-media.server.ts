import { db } from "./db.server";
import { visibleToVisitors } from "./publication.server";
import { untilContentChanged } from "./read-cache.server";

/** A draft or scheduled item that uses a stored file. */
export type UnpublishedUse = { kind: "news" | "music" | "event"; id: number };

/**
 * The /media rule (issue 24, ADR 026): visitors may fetch a stored file exactly when something they can
 * see uses it; a file that only items visitors cannot see use is not served to them, or its address
 * would show what is not published yet. Answers those files' URLs ("/media/images/...") with the items
 * that use them. Those items are draft and scheduled rows (news, compositions, concerts), the kept revisions of an item that is not
 * visible (a draft's replaced picture, issue 34.8) and the trash entries (a deleted item's picture,
 * master, stream and waveform). What a visitor can see uses a file through a visible item's fields, its
 * description (a picture from the media library placed in the text), its kept revisions (the older files
 * it showed while public) or a content page; files only the media library holds stay public too. Kept
 * until the content version moves, which it also does when a scheduled time passes, so a file becomes
 * public with its item.
 */
export function unpublishedOnlyFiles(): Promise<ReadonlyMap<string, readonly UnpublishedUse[]>> {
  return untilContentChanged("media:unpublished-only", async () => {
    const now = new Date();
    const visible = visibleToVisitors(now);
    const hidden = { NOT: visible };
    const kinds = ["news", "music", "event"];
    const [news, music, events, shownNews, shownMusic, shownEvents, revisions, trash] = await Promise.all([
      db.news.findMany({ where: hidden, select: { id: true, image: true, attachments: { select: { url: true } } } }),
      db.music.findMany({ where: hidden, select: { id: true, img: true, score: true, tracks: { select: { url: true, streamUrl: true, peaksUrl: true } } } }),
      db.event.findMany({ where: hidden, select: { id: true, image: true } }),
      db.news.findMany({ where: visible, select: { id: true, description: true, descriptionEng: true } }),
      db.music.findMany({ where: visible, select: { id: true, description: true, descriptionEng: true } }),
      db.event.findMany({ where: visible, select: { id: true, description: true, descriptionEng: true } }),
      db.revision.findMany({ where: { kind: { in: kinds } }, select: { kind: true, itemKey: true, files: true } }),
      db.trashEntry.findMany({ where: { kind: { in: kinds } }, select: { kind: true, itemId: true, files: true } }),
    ]);
    const uses = new Map<string, UnpublishedUse[]>();
    const add = (url: string | null, use: UnpublishedUse) => {
      if (url?.startsWith("/media/")) uses.set(url, [...(uses.get(url) ?? []), use]);
    };
    for (const n of news) for (const url of [n.image, ...n.attachments.map((a) => a.url)]) add(url, { kind: "news", id: n.id });
    for (const m of music)
      for (const url of [m.img, m.score, ...m.tracks.flatMap((t) => [t.url, t.streamUrl, t.peaksUrl])]) add(url, { kind: "music", id: m.id });
    for (const e of events) add(e.image, { kind: "event", id: e.id });
    const shownIds = { news: new Set(shownNews.map((n) => n.id)), music: new Set(shownMusic.map((m) => m.id)), event: new Set(shownEvents.map((e) => e.id)) };
    const keptFiles = (files: string) => JSON.parse(files) as string[];
    // The files of a visible item's revisions are public (it showed them); those of a hidden item's are not.
    const shownByRevisions: string[] = [];
    for (const revision of revisions) {
      const use = { kind: revision.kind as UnpublishedUse["kind"], id: Number(revision.itemKey) };
      if (shownIds[use.kind].has(use.id)) shownByRevisions.push(...keptFiles(revision.files));
      else for (const url of keptFiles(revision.files)) add(url, use);
    }
    for (const entry of trash) for (const url of keptFiles(entry.files)) add(url, { kind: entry.kind as UnpublishedUse["kind"], id: entry.itemId });
    if (uses.size === 0) return uses;

    const urls = [...uses.keys()];
    const [visibleNews, visibleAttachments, visibleMusic, visibleTracks, visibleEvents, content] = await Promise.all([
      db.news.findMany({ where: { ...visible, image: { in: urls } }, select: { image: true } }),
      db.newsAttachment.findMany({ where: { url: { in: urls }, news: visible }, select: { url: true } }),
      db.music.findMany({ where: { ...visible, OR: [{ img: { in: urls } }, { score: { in: urls } }] }, select: { img: true, score: true } }),
      db.musicTrack.findMany({
        where: { music: visible, OR: [{ url: { in: urls } }, { streamUrl: { in: urls } }, { peaksUrl: { in: urls } }] },
        select: { url: true, streamUrl: true, peaksUrl: true },
      }),
      db.event.findMany({ where: { ...visible, image: { in: urls } }, select: { image: true } }),
      db.contentItem.findMany({ select: { data: true } }),
    ]);
    const shown = [
      ...visibleNews.map((n) => n.image),
      ...visibleAttachments.map((a) => a.url),
      ...visibleMusic.flatMap((m) => [m.img, m.score]),
      ...visibleTracks.flatMap((t) => [t.url, t.streamUrl, t.peaksUrl]),
      ...visibleEvents.map((e) => e.image),
      ...shownByRevisions,
    ];
    for (const url of shown) if (url) uses.delete(url);
    const descriptions = [...shownNews, ...shownMusic, ...shownEvents].flatMap((item) => [item.description, item.descriptionEng]);
    for (const url of uses.keys()) {
      if (descriptions.some((text) => text.includes(url)) || content.some((item) => item.data.includes(JSON.stringify(url)))) uses.delete(url);
    }
    return uses;
  });
}
