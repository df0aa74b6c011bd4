import crypto from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { strToU8, zipSync, type Zippable } from "fflate";
import { wordCount } from "~/lib/content-types";
import type { EventCardData } from "~/lib/event-card";
import type { EventStatus } from "~/lib/event-fields";
import { todayIso } from "~/lib/format";
import { type Lang, localized } from "~/lib/i18n";
import type { ImageInfo } from "~/lib/images";
import { contentHref } from "~/lib/paths";
import { slugify } from "~/lib/slug";
import { contentList } from "../domain/content.server";
import { getEnv } from "../platform/env.server";
import { keyOfUrl } from "../storage/file-store.server";
import { imageInfo, imageWithoutMetadata } from "../storage/images.server";
import { untilContentChanged } from "../storage/read-cache.server";
import { fileStore } from "../storage/storage.server";
import { musicCatalogue } from "./compositions.server";
import { nextEvents } from "./events-view.server";

/**
 * The press kit (issue 38): /press and /en/press, the download of each press photo without its
 * metadata, and /press/kit.zip (the photos and the biographies of one language as text files). All
 * of it is made from the content kinds press_bio, press_photos and press_quotes (lib/content-types.ts),
 * the compositions and the concerts.
 */

const BIO_LENGTHS = ["short", "medium", "long"] as const;
type BioLength = (typeof BIO_LENGTHS)[number];
/** A biography with its length in words, counted as its limit is (lib/content-types.ts). */
type Biography = { length: BioLength; text: string; words: number };

type PressPhoto = { id: number; title: string; credit: string; image: ImageInfo; downloadHref: string };
/** `date` as YYYY-MM-DD (for <time>), `dateLabel` as the page's language writes it; both empty when unknown. */
type PressQuote = { id: number; text: string; source: string; date: string; dateLabel: string; href: string | null };
type PressWork = { slug: string; title: string; category: string; href: string };

/** A quote's day as each language writes it ("14 marzo 2026", "14 March 2026"); the date is a day, not an instant. */
const DAY_FORMAT = {
  it: new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
};

/** How many compositions the kit lists: the newest, linked to their pages. */
const SELECTED_WORKS = 6;
/** How many of the next concerts the kit lists, soonest first. */
const NEXT_CONCERTS = 5;

/** Where a press photo is downloaded: its original without metadata (routes/resources/press-photo.ts). */
function pressPhotoPath(id: number): string {
  return `/press/photos/${id}`;
}

/** The biographies of a language, empty ones left out (staff keep one press_bio item; a second is not shown). */
async function biographies(lang: Lang): Promise<Biography[]> {
  const [bio] = await contentList("press_bio");
  if (!bio) return [];
  return BIO_LENGTHS.map((length) => {
    const text = localized(bio, length, lang).trim();
    return { length, text, words: wordCount(text) };
  }).filter((b) => b.text);
}

/** The press photos whose picture is there, in the admin's order. */
async function photos(lang: Lang): Promise<(PressPhoto & { key: string })[]> {
  const out: (PressPhoto & { key: string })[] = [];
  for (const photo of await contentList("press_photos")) {
    const key = keyOfUrl(photo.src);
    const image = await imageInfo(photo.src);
    if (!key || !image) continue;
    out.push({ id: photo.id, title: localized(photo, "title", lang), credit: photo.credit, image, downloadHref: pressPhotoPath(photo.id), key });
  }
  return out;
}

export type PressKitPage = {
  biographies: Biography[];
  photos: PressPhoto[];
  quotes: PressQuote[];
  works: PressWork[];
  /** The next concerts visitors may see, as /events shows them; empty when none is ahead. */
  concerts: EventCardData[];
  contactEmail: string;
};

/** What /press shows in `lang`. */
export async function pressKitPage(lang: Lang): Promise<PressKitPage> {
  const [bios, shots, quotes, catalogue, concerts] = await Promise.all([
    biographies(lang),
    photos(lang),
    contentList("press_quotes"),
    musicCatalogue(lang),
    nextEvents(lang, NEXT_CONCERTS),
  ]);
  return {
    biographies: bios,
    photos: shots.map(({ key: _key, ...photo }) => photo),
    quotes: quotes.map((q) => ({
      id: q.id,
      text: localized(q, "text", lang),
      source: q.source,
      date: q.date,
      dateLabel: q.date ? DAY_FORMAT[lang].format(new Date(`${q.date}T00:00:00Z`)) : "",
      href: contentHref(q.link, lang),
    })),
    works: catalogue.cards
      .filter((card) => !card.external)
      .slice(0, SELECTED_WORKS)
      .map((card) => ({ slug: card.slug, title: card.title, category: card.categoryLabel, href: card.href })),
    concerts,
    contactEmail: getEnv().contactEmail,
  };
}

/** A press photo's download: the key of its original without metadata and the file name it is saved under; null when unknown. */
export async function pressPhotoDownload(id: number): Promise<{ key: string; fileName: string } | null> {
  const photo = (await contentList("press_photos")).find((p) => p.id === id);
  const key = keyOfUrl(photo?.src);
  if (!photo || !key) return null;
  const clean = await imageWithoutMetadata(key);
  return clean ? { key: clean, fileName: photoFileName(photo.id, photo.title, clean) } : null;
}

function photoFileName(id: number, title: string, key: string): string {
  return `${slugify(title || `foto-${id}`)}${path.extname(key).toLowerCase()}`;
}

/** The names of the kit's files in one language (app/locales/{lang}/press.ts). */
export type PressKitNames = { folder: string; photos: string; credits: string; concerts: string } & Record<BioLength, string>;

/**
 * The next concerts as a text file: day and time (Rome), title, place, the state when it is not simply
 * in programme, and the concert's page when the site knows its address (PUBLIC_ORIGIN: a kit is shared
 * by every request, so it is not made from the Host each one names). Empty when none is ahead.
 */
function concertsText(concerts: readonly EventCardData[], statusLabel: (status: EventStatus) => string): string {
  const origin = getEnv().publicOrigin;
  return concerts
    .map((concert) =>
      [
        `${concert.day}, ${concert.time}`,
        concert.title,
        `${concert.venue}, ${concert.city} (${concert.country})`,
        concert.eventStatus === "scheduled" ? "" : statusLabel(concert.eventStatus),
        origin ? `${origin}${concert.href}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n\n");
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Where the kits are kept in the store: a dot folder, so /media does not serve it and the janitor leaves it alone. */
const KIT_FOLDER = ".press-kit";

/**
 * The key of the kit of `lang` in the store: made when first asked for, and kept until what it holds
 * changes. Its name is a hash of what goes in (texts, photos, concerts, file names), so every instance
 * sharing the store finds the same kit, and an edit of anything else (a news item) does not make it
 * again; the kits of a language made before are removed when a new one is stored. What is kept is
 * looked at again each Rome day too: a concert that has passed leaves the list without any edit.
 */
export function pressKitZip(lang: Lang, names: PressKitNames, statusLabel: (status: EventStatus) => string): Promise<string> {
  return untilContentChanged(
    `press-kit:${lang}`,
    async () => {
      const [bios, shots, concerts] = await Promise.all([biographies(lang), photos(lang), nextEvents(lang, NEXT_CONCERTS)]);
      const files: { name: string; key: string; credit: string }[] = [];
      for (const [index, photo] of shots.entries()) {
        const clean = await imageWithoutMetadata(photo.key);
        const name = clean && `${String(index + 1).padStart(2, "0")}-${photoFileName(photo.id, photo.title, clean)}`;
        if (clean && name) files.push({ name, key: clean, credit: `${name}: ${photo.title ? `${photo.title}. ` : ""}© ${photo.credit}` });
      }
      const creditText = files.map((file) => file.credit).join("\n");
      const concertText = concertsText(concerts, statusLabel);
      const hash = crypto.createHash("sha256").update(JSON.stringify({ bios, files, creditText, concertText, names })).digest("hex").slice(0, 32);
      const key = `${KIT_FOLDER}/${lang}-${hash}.zip`;
      const store = fileStore();
      if (await store.exists(key)) return key;
      const entries: Zippable = {};
      for (const bio of bios) entries[`${names.folder}/${names[bio.length]}.txt`] = strToU8(`${bio.text}\n`);
      if (files.length > 0) {
        const folder: Zippable = {};
        for (const file of files) {
          const opened = await store.open(file.key);
          // Pictures are compressed already: stored as they are.
          if (opened) folder[file.name] = [await readAll(opened.stream), { level: 0 }];
        }
        entries[`${names.folder}/${names.photos}`] = folder;
        entries[`${names.folder}/${names.credits}.txt`] = strToU8(`${creditText}\n`);
      }
      if (concertText) entries[`${names.folder}/${names.concerts}.txt`] = strToU8(`${concertText}\n`);
      // One fixed time for every entry: the same content makes the same bytes, whichever instance made it.
      await store.write(key, zipSync(entries, { level: 6, mtime: new Date("2026-01-01T00:00:00Z") }));
      // list() takes a folder (the local disk reads a directory): this language's older kits are picked by name.
      for await (const old of store.list(`${KIT_FOLDER}/`)) if (old.key.startsWith(`${KIT_FOLDER}/${lang}-`) && old.key !== key) await store.delete(old.key);
      return key;
    },
    todayIso(),
  );
}
