import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { keyOfUrl } from "~/server/storage/file-store.server";
import { runJanitor } from "~/server/domain/janitor.server";
import { createCategory, deleteCategory } from "~/server/domain/categories.server";
import { contentList, replaceContent } from "~/server/domain/content.server";
import { deleteNews, getNewsBySlug, parseNewsInput, saveNews, type NewsItem } from "~/server/domain/news.server";
import { deleteMusic, getMusicBySlug, parseMusicInput, saveMusic } from "~/server/domain/music.server";
import { listRevisions, changesBetween, REVISIONS_ALWAYS_KEPT } from "~/server/domain/revisions.server";
import { listTrash } from "~/server/domain/trash.server";
import { restoreContentRevision, restoreFromTrash, restoreMusicRevision, restoreNewsRevision } from "~/server/domain/item-restore.server";
import { uniqueMp3 } from "../support/files";
import { staffWithCategory } from "../support/staff";

/** Issue 24: revisions with restore and the trash, through the domain functions the admin and api/ share. */
let actor: { id: number; username: string };
let newsCategory: number;
let musicCategory: number;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ actor, categoryId: newsCategory } = await staffWithCategory("archivio", { name: "Cronache", name_eng: "Chronicles", type: "news" }));
  const music = await createCategory({ name: "Colonne", name_eng: "Soundtracks", type: "music" }, actor);
  if (!music.ok) throw new Error("fixture");
  musicCategory = music.item.id;
});

const onDisk = (url: string) => fs.existsSync(path.join(getEnv().uploadsDir, keyOfUrl(url)!));
const pdf = (text: string) => new File([`%PDF-1.4\n% ${text}\n%%EOF`], `${text}.pdf`, { type: "application/pdf" });
async function png(color: string) {
  const bytes = await sharp({ create: { width: 6, height: 6, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "foto.png", { type: "image/png" });
}
function newsInput(fields: Record<string, string>) {
  const parsed = parseNewsInput({ category: String(newsCategory), date: "2026-05-01", description: "", description_eng: "", ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}
function ok<T>(result: { ok: true; item: T } | { ok: false; errors: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.item;
}
/** What a visitor sees of a news item: every field in both languages and its files. */
const visible = (n: NewsItem | null) =>
  n && {
    title: n.title,
    titleEng: n.titleEng,
    description: n.description,
    descriptionEng: n.descriptionEng,
    date: n.date,
    image: n.image,
    attachments: n.attachments,
  };

describe("revisions", () => {
  it("two edits then a restore of the first revision bring back every field and file; a file only the old revision uses stays on disk", async () => {
    const created = ok(
      await saveNews(
        null,
        newsInput({ title: "Prima", title_eng: "First", description: "<p>Il concerto di maggio</p>", description_eng: "<p>The May concert</p>" }),
        { image: await png("#112233"), attachmentFiles: [pdf("programma-uno")] },
        actor,
      ),
    );
    const first = visible(await getNewsBySlug(created.slug))!;
    const edit1 = ok(
      await saveNews(
        created,
        newsInput({ title: "Seconda", title_eng: "Second", date: "2026-06-01", description: "<p>Il concerto di giugno</p>" }),
        { image: await png("#445566"), attachments: [], attachmentFiles: [pdf("programma-due")] },
        actor,
      ),
    );
    ok(await saveNews(edit1, newsInput({ title: "Terza", title_eng: "Third" }), { removeImage: true, attachments: [] }, actor));
    // Only the first revision names the first image and PDF now; they are still on disk.
    expect([onDisk(first.image!), onDisk(first.attachments[0]!.url)]).toEqual([true, true]);

    const revisions = await listRevisions("news", created.id);
    expect(revisions.map((r) => r.action)).toEqual(["update", "update", "create"]);
    const firstRevision = revisions.at(-1)!;
    const restored = ok(await restoreNewsRevision(created.id, firstRevision.id, actor));
    expect(visible(restored)).toEqual(first);
    expect(visible(await getNewsBySlug(created.slug))).toEqual(first);
    expect(restored.slug).toBe(created.slug);

    // The restore is itself a revision, and the log entry links to it.
    const after = await listRevisions("news", created.id);
    expect(after[0]).toMatchObject({ action: "restore", restoredFrom: firstRevision.id, username: actor.username });
    const activity = await db.activity.findFirstOrThrow({ orderBy: { id: "desc" }, select: { description: true, revisionId: true } });
    expect(activity).toEqual({ description: `Ripristinata la notizia "Prima" alla revisione #${firstRevision.id}`, revisionId: after[0]!.id });
  });

  it("says what changed, field by field, with the words added and removed", () => {
    const changes = changesBetween(
      { title: "Il concerto di maggio", date: "2026-05-01", id: 1 },
      { title: "Il concerto di giugno", date: "2026-05-01", id: 2 },
    );
    expect(changes).toEqual([
      {
        field: "title",
        before: "Il concerto di maggio",
        after: "Il concerto di giugno",
        parts: [{ value: "Il concerto di " }, { value: "maggio", removed: true }, { value: "giugno", added: true }],
      },
    ]);
  });

  it("a composition's revision brings back its tracks and cover", async () => {
    const input = (title: string) => {
      const parsed = parseMusicInput({ category: String(musicCategory), title, mode: "tracks" });
      if (!parsed.ok) throw new Error("fixture");
      return parsed.data;
    };
    const [mp3a, mp3b] = [uniqueMp3(), uniqueMp3()];
    const created = ok(
      await saveMusic(
        null,
        input("Notturno"),
        { image: await png("#778899"), trackFiles: [new File([new Uint8Array(mp3a)], "a.mp3", { type: "audio/mpeg" })] },
        actor,
      ),
    );
    const edited = ok(
      await saveMusic(
        created,
        input("Notturno II"),
        { image: await png("#998877"), tracks: [], trackFiles: [new File([new Uint8Array(mp3b)], "b.mp3", { type: "audio/mpeg" })] },
        actor,
      ),
    );
    expect(edited.tracks[0]!.url).not.toBe(created.tracks[0]!.url);
    const firstRevision = (await listRevisions("music", created.id)).at(-1)!;
    const restored = ok(await restoreMusicRevision(created.id, firstRevision.id, actor));
    expect({ title: restored.title, img: restored.img, tracks: restored.tracks.map((t) => ({ name: t.name, url: t.url })) }).toEqual({
      title: "Notturno",
      img: created.img,
      tracks: created.tracks.map((t) => ({ name: t.name, url: t.url })),
    });
    expect([onDisk(created.img), onDisk(created.tracks[0]!.url)]).toEqual([true, true]);
    expect((await getMusicBySlug(created.slug))?.title).toBe("Notturno");
  });

  it("a content page's revision brings back its list", async () => {
    const before = [...(await contentList("legal_notes"))];
    ok(await replaceContent("legal_notes", { legal_notes: [{ id: 1, description: "Nuovo testo", description_eng: "New text" }] }, actor));
    const revisions = await listRevisions("content", "legal_notes");
    // The imported list had no revision: the first save keeps it as the baseline.
    expect(revisions.map((r) => r.action)).toEqual(["update", "baseline"]);
    ok(await restoreContentRevision("legal_notes", revisions[1]!.id, actor));
    expect(await contentList("legal_notes")).toEqual(before);
  });

  it("the janitor prunes revisions older than REVISION_KEEP_DAYS but always keeps the last 20 of an item", async () => {
    let item = ok(await saveNews(null, newsInput({ title: "Molte", title_eng: "Many" }), { attachmentFiles: [pdf("solo-la-prima")] }, actor));
    const firstPdf = item.attachments[0]!.url;
    for (let i = 1; i <= REVISIONS_ALWAYS_KEPT + 2; i++)
      item = ok(await saveNews(item, newsInput({ title: `Molte ${i}`, title_eng: "Many" }), { attachments: [] }, actor));
    expect(await db.revision.count({ where: { kind: "news", itemKey: String(item.id) } })).toBe(REVISIONS_ALWAYS_KEPT + 3);
    expect(onDisk(firstPdf)).toBe(true);

    // A day before the cut-off nothing goes; a year and a day later all but the last 20 go, and the PDF only the first used.
    await runJanitor(Date.now() + 364 * DAY);
    expect(await db.revision.count({ where: { kind: "news", itemKey: String(item.id) } })).toBe(REVISIONS_ALWAYS_KEPT + 3);
    const report = await runJanitor(Date.now() + 366 * DAY);
    expect(report.revisionsPruned).toBeGreaterThanOrEqual(3);
    expect(await db.revision.count({ where: { kind: "news", itemKey: String(item.id) } })).toBe(REVISIONS_ALWAYS_KEPT);
    expect(onDisk(firstPdf)).toBe(false);
  });
});

describe("revisions and publishing", () => {
  it("a restore keeps the live publication state unless asked; asked, a draft stays a draft, a scheduled item keeps its time", async () => {
    const at = "2030-01-01T09:00:00.000Z";
    const image = await png("#778899");
    const draft = ok(await saveNews(null, newsInput({ title: "Bozza", title_eng: "Draft", status: "draft", publish_at: "" }), { image }, actor));
    const scheduled = ok(
      await saveNews(draft, newsInput({ title: "Programmata", title_eng: "Scheduled", status: "published", publish_at: at }), { attachments: [] }, actor),
    );
    const published = ok(
      await saveNews(scheduled, newsInput({ title: "Pubblicata", title_eng: "Published", status: "published", publish_at: "" }), { attachments: [] }, actor),
    );
    const [, scheduledRevision, draftRevision] = await listRevisions("news", draft.id);
    // Issue 35.5: the first revision's text comes back, the published item stays on the site.
    const textOnly = ok(await restoreNewsRevision(draft.id, draftRevision!.id, actor));
    expect([textOnly.title, textOnly.status, textOnly.publishAt]).toEqual(["Bozza", "published", published.publishAt]);
    const backToDraft = ok(await restoreNewsRevision(draft.id, draftRevision!.id, actor, "revision"));
    expect([backToDraft.title, backToDraft.status, backToDraft.publishAt]).toEqual(["Bozza", "draft", null]);
    const backToScheduled = ok(await restoreNewsRevision(draft.id, scheduledRevision!.id, actor, "revision"));
    expect([backToScheduled.title, backToScheduled.status, backToScheduled.publishAt?.toISOString()]).toEqual(["Programmata", "published", at]);
    const keptScheduled = ok(await restoreNewsRevision(draft.id, draftRevision!.id, actor));
    expect([keptScheduled.title, keptScheduled.status, keptScheduled.publishAt?.toISOString()]).toEqual(["Bozza", "published", at]);
  });

  it("a composition's restore keeps its live publication state too", async () => {
    const input = (title: string, status: string) => {
      const parsed = parseMusicInput({ category: String(musicCategory), title, mode: "link", link: "https://example.com/", status });
      if (!parsed.ok) throw new Error("fixture");
      return parsed.data;
    };
    const draft = ok(await saveMusic(null, input("Abbozzo", "draft"), { image: await png("#123456") }, actor));
    ok(await saveMusic(draft, input("Opera", "published"), {}, actor));
    const firstRevision = (await listRevisions("music", draft.id)).at(-1)!;
    const restored = ok(await restoreMusicRevision(draft.id, firstRevision.id, actor));
    expect([restored.title, restored.status]).toEqual(["Abbozzo", "published"]);
  });
});

describe("the trash", () => {
  it("delete, trash, restore gives back the item with its id, slug and files", async () => {
    const created = ok(
      await saveNews(
        null,
        newsInput({ title: "Cestinata", title_eng: "Binned" }),
        { image: await png("#abcdef"), attachmentFiles: [pdf("nel-cestino")] },
        actor,
      ),
    );
    expect(await deleteNews(created.id, actor)).toBe(true);
    expect(await getNewsBySlug(created.slug)).toBeNull();
    const entry = (await listTrash()).find((e) => e.kind === "news" && e.itemId === created.id)!;
    expect(entry).toMatchObject({ title: "Cestinata", username: actor.username });
    expect([onDisk(created.image!), onDisk(created.attachments[0]!.url)]).toEqual([true, true]);

    const restored = ok(await restoreFromTrash(entry.id, actor));
    expect(restored.kind).toBe("news");
    expect(visible(await getNewsBySlug(created.slug))).toEqual(visible(created));
    expect((await getNewsBySlug(created.slug))?.id).toBe(created.id);
    expect((await listTrash()).some((e) => e.id === entry.id)).toBe(false);
    // The files are counted by the row (and its revisions) again.
    const key = keyOfUrl(created.attachments[0]!.url)!;
    expect((await db.storedFile.findUniqueOrThrow({ where: { key } })).refCount).toBeGreaterThanOrEqual(2);
  });

  it("a composition comes back with its tracks; a slug taken meanwhile is a clear 409", async () => {
    const parsed = parseMusicInput({ category: String(musicCategory), title: "Sonata", mode: "tracks" });
    if (!parsed.ok) throw new Error("fixture");
    const file = () => new File([new Uint8Array(uniqueMp3())], "sonata.mp3", { type: "audio/mpeg" });
    const created = ok(await saveMusic(null, parsed.data, { image: await png("#010203"), trackFiles: [file()] }, actor));
    await deleteMusic(created.id, actor);
    const entry = (await listTrash()).find((e) => e.kind === "music" && e.itemId === created.id)!;
    const other = ok(await saveMusic(null, parsed.data, { image: await png("#010204"), trackFiles: [file()] }, actor));
    expect(other.slug).toBe(created.slug);
    expect(await restoreFromTrash(entry.id, actor)).toEqual({
      ok: false,
      status: 409,
      errors: { form: `L'indirizzo "${created.slug}" è già usato dal contenuto musicale "Sonata": eliminalo o spostalo nel cestino, poi riprova.` },
    });
    await deleteMusic(other.id, actor);
    const restored = ok(await restoreFromTrash(entry.id, actor));
    expect(restored.kind === "music" && restored.item.tracks.map((t) => t.url)).toEqual(created.tracks.map((t) => t.url));
    expect(onDisk(created.tracks[0]!.url)).toBe(true);
  });

  it("a category goes to the trash and comes back", async () => {
    const made = ok(await createCategory({ name: "Temporanea", name_eng: "Temporary", type: "gallery" }, actor));
    expect(await deleteCategory(made.id, actor)).toEqual({ ok: true });
    const entry = (await listTrash()).find((e) => e.kind === "category" && e.itemId === made.id)!;
    expect(ok(await restoreFromTrash(entry.id, actor))).toEqual({ kind: "category", item: made });
  });

  it("the janitor purges entries 30 days after the delete and deletes their files", async () => {
    const created = ok(
      await saveNews(
        null,
        newsInput({ title: "Da purgare", title_eng: "To purge" }),
        { image: await png("#fedcba"), attachmentFiles: [pdf("da-purgare")] },
        actor,
      ),
    );
    const edited = ok(
      await saveNews(created, newsInput({ title: "Da purgare 2", title_eng: "To purge" }), { attachments: [], attachmentFiles: [pdf("da-purgare-2")] }, actor),
    );
    await deleteNews(created.id, actor);
    const files = [created.image!, created.attachments[0]!.url, edited.attachments[0]!.url];
    await runJanitor(Date.now() + 29 * DAY);
    expect(files.map(onDisk)).toEqual([true, true, true]);
    expect(await db.trashEntry.count({ where: { kind: "news", itemId: created.id } })).toBe(1);

    const report = await runJanitor(Date.now() + 31 * DAY);
    expect(report.trashPurged).toBeGreaterThanOrEqual(1);
    expect(await db.trashEntry.count({ where: { kind: "news", itemId: created.id } })).toBe(0);
    expect(await db.revision.count({ where: { kind: "news", itemKey: String(created.id) } })).toBe(0);
    expect(files.map(onDisk)).toEqual([false, false, false]);
  });
});
