import { type DemoEvent, demoCatalogue, demoCategories, demoEvents, demoMusic, demoNews } from "../../prisma/demo-content";
import common from "~/locales/it/common";
import { stampPerusalCopy } from "~/server/domain/perusal-scores.server";
import { romeLocalToUtc, utcToRomeLocal } from "~/lib/rome-time";
import { slugify } from "~/lib/slug";
import { contentChanged } from "~/server/storage/content-version.server";
import { db } from "~/server/storage/db.server";
import { contentImageSize, makeDemoScore, makePdf, renderArtwork, synthesizePhrase } from "./demo-media.server";
import { imageInfo } from "~/server/storage/images.server";
import { fileStore } from "~/server/storage/storage.server";
import { type StagedFile, recountFiles, stageFile } from "~/server/storage/stored-files.server";

/**
 * The pictures referenced by the static content files (/media/content/*.jpg) are generated,
 * not committed: the ones missing from the uploads folder (missingContentImages in
 * domain/content.server.ts) are drawn now.
 */
export async function drawContentImages(names: string[]): Promise<void> {
  for (const name of names) {
    const { width, height } = contentImageSize(name);
    await fileStore().write(`content/${name}`, await renderArtwork(name, width, height));
    await imageInfo(`/media/content/${name}`); // its placeholder is made now, not on a visit
  }
}

/**
 * When a demo concert starts: its date, or the day `daysAfterSeed` after `now` (by Rome's calendar),
 * at its Rome time.
 */
function demoEventStart(event: DemoEvent, now: Date): Date {
  const day = "date" in event.when ? event.when.date : utcToRomeLocal(new Date(now.getTime() + event.when.daysAfterSeed * 86_400_000)).slice(0, 10);
  const start = romeLocalToUtc(`${day}T${event.time}`);
  if (!start) throw new Error(`Demo content: bad date or time for the concert ${event.title}`);
  return start;
}

/** Demo categories, compositions (with generated covers and audio), news (with images and PDFs) and concerts. */
export async function seedDemoContent(now: Date = new Date()) {
  const categoryIds = new Map<string, number>();
  const staged: StagedFile[] = [];
  const stage = (file: StagedFile) => {
    staged.push(file);
    return file.url;
  };
  type Track = { position: number; name: string; url: string };
  type Score = { score: string; scorePages: number; scoreOriginal: string };
  const musicRows: { item: (typeof demoMusic)[number]; img: string; tracks: Track[]; createdAt: Date; score: Score | null }[] = [];
  for (const [index, item] of demoMusic.entries()) {
    const img = stage(await storeDemoImage(`music:${item.title}`, 1200, 1200));
    const tracks: Track[] = [];
    for (const [position, name] of item.tracks.entries()) {
      const url = stage(await stageFile("tracks", synthesizePhrase(`${item.title}:${name}`).wav, "wav", "audio/wav"));
      tracks.push({ position, name, url });
    }
    const pages = demoCatalogue[item.title]?.scorePages;
    const score = pages ? await storeDemoScore(item.title, pages, stage) : null;
    musicRows.push({ item, img, tracks, createdAt: new Date(Date.UTC(2025, 0, 1) + index * 86_400_000), score });
  }
  const newsRows: { item: (typeof demoNews)[number]; image: string; attachments: Track[] }[] = [];
  for (const item of demoNews) {
    const image = stage(await storeDemoImage(`news:${item.title}`, 1600, 1000));
    const attachments: Track[] = [];
    for (const [position, name] of item.attachments.entries()) {
      attachments.push({ position, name, url: stage(await storeDemoAttachment(item.title, name)) });
    }
    newsRows.push({ item, image, attachments });
  }
  const eventRows: { item: DemoEvent; image: string | null; startsAt: Date }[] = [];
  for (const item of demoEvents) {
    const image = item.picture ? stage(await storeDemoImage(`event:${item.title}`, 1600, 1000)) : null;
    eventRows.push({ item, image, startsAt: demoEventStart(item, now) });
  }

  const usedSlugs = new Set<string>();
  const slugFor = (title: string) => {
    const base = slugify(title);
    let slug = base;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${n}`;
    usedSlugs.add(slug);
    return slug;
  };

  await db.$transaction(
    async (tx) => {
      for (const category of demoCategories) {
        const row = await tx.category.create({ data: category, select: { id: true } });
        categoryIds.set(category.name, row.id);
      }
      const categoryId = (name: string) => {
        const id = categoryIds.get(name);
        if (id === undefined) throw new Error(`Demo content: unknown category ${name}`);
        return id;
      };
      const musicIds = new Map<string, number>();
      for (const { item, img, tracks, createdAt, score } of musicRows) {
        const catalogue = demoCatalogue[item.title];
        const { id } = await tx.music.create({
          select: { id: true },
          data: {
            slug: slugFor(item.title),
            title: item.title,
            titleEng: item.titleEng ?? "",
            description: item.description,
            descriptionEng: item.descriptionEng,
            categoryId: categoryId(item.category),
            img,
            link: item.link ?? null,
            videos: item.videos ?? null,
            createdAt,
            tracks: { create: tracks },
            ...(catalogue
              ? {
                  year: catalogue.year,
                  durationMinutes: catalogue.durationMinutes,
                  ensemble: catalogue.ensemble,
                  instrumentation: catalogue.instrumentation,
                  instrumentationEng: catalogue.instrumentationEng ?? "",
                  instruments: JSON.stringify(catalogue.instruments),
                  premiere: catalogue.premiere ?? "",
                  premiereEng: catalogue.premiereEng ?? "",
                  commission: catalogue.commission ?? "",
                  commissionEng: catalogue.commissionEng ?? "",
                  publisher: catalogue.publisher ?? "",
                }
              : {}),
            ...score,
          },
        });
        musicIds.set(item.title, id);
      }
      usedSlugs.clear();
      for (const { item, image, attachments } of newsRows) {
        await tx.news.create({
          data: {
            slug: slugFor(item.title),
            title: item.title,
            titleEng: item.titleEng,
            description: item.description,
            descriptionEng: item.descriptionEng,
            date: item.date,
            image,
            categoryId: categoryId(item.category),
            createdAt: new Date(`${item.date}T09:00:00Z`),
            attachments: { create: attachments },
          },
        });
      }
      usedSlugs.clear();
      for (const { item, image, startsAt } of eventRows) {
        await tx.event.create({
          data: {
            // As a save names a concert: its title and its day in Rome (domain/events.server.ts).
            slug: slugFor(`${item.title} ${utcToRomeLocal(startsAt).slice(0, 10)}`),
            title: item.title,
            titleEng: item.titleEng,
            startsAt,
            eventStatus: item.eventStatus ?? "scheduled",
            venue: item.venue,
            city: item.city,
            country: item.country,
            address: item.address,
            ticketUrl: item.ticketUrl ?? null,
            performers: item.performers,
            description: item.description,
            descriptionEng: item.descriptionEng,
            image,
            works: {
              create: item.works.map((work, position) => {
                const musicId = musicIds.get(work.title);
                if (musicId === undefined) throw new Error(`Demo content: unknown composition ${work.title}`);
                return { position, premiere: work.premiere ?? false, musicId };
              }),
            },
          },
        });
      }
      // Every use of a stored file counts, as when staff save the same rows (stored-files.server.ts).
      const uses = [
        ...musicRows.flatMap((m) => [m.img, ...m.tracks.map((t) => t.url), ...(m.score ? [m.score.score, m.score.scoreOriginal] : [])]),
        ...newsRows.flatMap((n) => [n.image, ...n.attachments.map((a) => a.url)]),
        ...eventRows.flatMap((e) => (e.image ? [e.image] : [])),
      ];
      await recountFiles(tx, [], uses, staged);
      await contentChanged(tx);
      // One commit for the whole catalogue at first boot: more work than a save, so more time.
    },
    { timeout: 60_000 },
  );
}

/** A demo perusal score: made, stamped as an upload is (domain/perusal-scores.server.ts), both files stored. */
async function storeDemoScore(title: string, pages: number, stage: (file: StagedFile) => string) {
  const original = await makeDemoScore(title, common.composerName, pages);
  const stamped = await stampPerusalCopy(original);
  return {
    score: stage(await stageFile("attachments", Buffer.from(stamped.bytes), "pdf", "application/pdf")),
    scorePages: stamped.pages,
    scoreOriginal: stage(await stageFile("scores", Buffer.from(original), "pdf", "application/pdf")),
  };
}

/** A demo attachment whose content matches its name: a picture for .jpg, a PDF otherwise. */
async function storeDemoAttachment(newsTitle: string, name: string): Promise<StagedFile> {
  if (/\.jpe?g$/i.test(name)) {
    return stageFile("attachments", await renderArtwork(`attachment:${newsTitle}:${name}`, 1600, 1600), "jpg", "image/jpeg");
  }
  return stageFile("attachments", makePdf(`${newsTitle} - ${name}`), "pdf", "application/pdf");
}

/** A generated picture, stored with its placeholder made at once. */
async function storeDemoImage(seed: string, width: number, height: number): Promise<StagedFile> {
  const file = await stageFile("images", await renderArtwork(seed, width, height), "jpg", "image/jpeg");
  await imageInfo(file.url);
  return file;
}
