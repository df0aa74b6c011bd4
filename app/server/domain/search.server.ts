import { type ContentItemOf, isWorkSubcategory } from "~/lib/content-types";
import { artDirectionPath, contentHref, eventPath, externalHref, galleryItemPath, newsPath, pagePath } from "~/lib/paths";
import { concertDayAndTime } from "~/lib/format";
import { romeIso } from "~/lib/rome-time";
import { htmlToText } from "~/lib/html-text";
import { type Lang, localized } from "~/lib/i18n";
import type { SearchResult, SearchType } from "~/lib/search-result";
import { compositionPath } from "~/lib/paths";
import { foldText } from "~/lib/slug";
import { listCategories } from "./categories.server";
import { contentList } from "./content.server";
import { contentVersion } from "../storage/content-version.server";
import { imageInfo } from "../storage/images.server";
import { isVisibleToVisitors } from "../storage/publication.server";
import { eventSelect, listEvents, type EventItem } from "./events.server";
import { listMusic, musicSelect, type MusicItem } from "./music.server";
import { listNews, newsSelect, type NewsItem } from "./news.server";

/** SPEC.md 9: results per page. */
export const SEARCH_PAGE_SIZE = 12;
const MAX_QUERY_LENGTH = 200;
const MAX_TERMS = 10;

/** One searchable thing, both languages, with its texts folded once at index time. */
export type SearchEntry = {
  key: string;
  type: SearchType;
  title: { it: string; en: string };
  category: { it: string; en: string };
  image: string | null;
  /** An unlocalized internal path, or an external URL when `external`. */
  href: string;
  external: boolean;
  /** Folded words of both titles, and of both descriptions (plus artists), space separated. */
  titleWords: string;
  textWords: string;
  /** A concert's start: its card shows the day. */
  startsAt?: Date;
};

/**
 * Entries plus an inverted index: the sorted vocabulary of folded words and, per word, the
 * entries holding it (entry * 2, plus 1 when the word is in a title). A prefix is a contiguous
 * range of the sorted vocabulary, so a query costs a binary search and its posting lists.
 */
export type SearchIndex = { entries: SearchEntry[]; vocab: string[]; postings: Int32Array[]; builtAt: number };

export type SearchPage = { query: string; page: number; pageCount: number; total: number; results: SearchResult[] };

/** Folded words of a text joined by single spaces, with a space at each end. */
export function wordsOf(...texts: string[]): string {
  const words = foldText(texts.join(" "))
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return words ? ` ${words} ` : " ";
}

/** The words typed, folded ("Perché compos" -> ["perche", "compos"]). */
export function queryTerms(query: string): string[] {
  const words = wordsOf(query.slice(0, MAX_QUERY_LENGTH)).trim();
  return words ? [...new Set(words.split(" "))].slice(0, MAX_TERMS) : [];
}

type CategoryNames = { name: string; nameEng: string; type?: string };

export type SearchSources = {
  music: (Pick<MusicItem, "id" | "slug" | "title" | "titleEng" | "description" | "descriptionEng" | "img" | "link"> & { category: CategoryNames })[];
  news: (Pick<NewsItem, "id" | "slug" | "title" | "titleEng" | "description" | "descriptionEng" | "image"> & { category: CategoryNames })[];
  /** The concerts visitors may see (issue 36); absent in tests of the older sources. */
  events?: readonly EventItem[];
  artDirection: readonly ContentItemOf<"artistic_direction">[];
  labelCategories: CategoryNames[];
  /** The edited content (issue 23); absent in tests of the older sources. */
  bio?: readonly ContentItemOf<"bio">[];
  /** The categories of type bio and about (a bio text of an "about" category shows on the home page). */
  bioCategories?: CategoryNames[];
  labels?: readonly ContentItemOf<"lable">[];
  credits?: readonly ContentItemOf<"credits">[];
  gallery?: readonly ContentItemOf<"gallery">[];
  portfolio?: readonly ContentItemOf<"portfolio">[];
};

/** A category's names in both languages, or the content's own text when no category has that name. */
function categoryNames(categories: CategoryNames[], name: string): { it: string; en: string } {
  const category = categories.find((c) => lower(c.name) === lower(name));
  return category ? { it: category.name, en: localized(category, "name", "en") } : { it: name, en: name };
}

const lower = (s: string) => s.trim().toLocaleLowerCase("it");

/**
 * Builds the index: compositions, news, art direction works (never "Lable"/"description"), then the
 * edited content: biography texts, labels, credits, gallery items and portfolio entries.
 */
export function buildSearchIndex(sources: SearchSources): SearchIndex {
  const entries: SearchEntry[] = [];
  for (const m of sources.music) {
    const link = externalHref(m.link);
    entries.push({
      key: `compositions:${m.id}`,
      type: "compositions",
      title: { it: m.title, en: localized(m, "title", "en") },
      category: { it: m.category.name, en: localized(m.category, "name", "en") },
      image: m.img || null,
      href: link ?? compositionPath(m.category.name, m.slug),
      external: Boolean(link),
      titleWords: wordsOf(m.title, m.titleEng),
      textWords: wordsOf(m.description, m.descriptionEng),
    });
  }
  for (const n of sources.news) {
    entries.push({
      key: `news:${n.id}`,
      type: "news",
      title: { it: n.title, en: localized(n, "title", "en") },
      category: { it: n.category.name, en: localized(n.category, "name", "en") },
      image: n.image,
      href: newsPath(n.slug),
      external: false,
      titleWords: wordsOf(n.title, n.titleEng),
      textWords: wordsOf(htmlToText(n.description), htmlToText(n.descriptionEng)),
    });
  }
  for (const a of sources.artDirection) {
    if (!isWorkSubcategory(a.subcategory)) continue;
    const label = sources.labelCategories.find((c) => lower(c.name) === lower(a.category));
    entries.push({
      key: `artDirection:${a.id}`,
      type: "artDirection",
      title: { it: a.title, en: localized(a, "title", "en") },
      category: { it: label?.name ?? a.category, en: label ? localized(label, "name", "en") : a.category },
      image: a.url || null,
      href: artDirectionPath(a.category),
      external: false,
      titleWords: wordsOf(a.title, a.title_eng),
      textWords: wordsOf(a.description, a.description_eng, ...(a.artists ?? []).map((x) => x.name)),
    });
  }
  entries.push(...(sources.events ?? []).map(eventEntry));
  entries.push(...contentEntries(sources));
  return indexEntries(entries);
}

/**
 * A concert: found by its titles, venue and city, and by the titles of the works of its programme
 * visitors may see (a composition not published yet names nothing), its performers and description.
 * Its badge is where it is played.
 */
function eventEntry(e: EventItem): SearchEntry {
  const works = e.works.filter((w) => isVisibleToVisitors(w.music)).flatMap((w) => [w.music.title, w.music.titleEng]);
  const place = `${e.venue}, ${e.city}`;
  return {
    key: `events:${e.id}`,
    type: "events",
    title: { it: e.title, en: localized(e, "title", "en") },
    category: { it: place, en: place },
    image: e.image,
    href: eventPath(e.slug),
    external: false,
    titleWords: wordsOf(e.title, e.titleEng),
    textWords: wordsOf(e.venue, e.city, ...works, e.performers, htmlToText(e.description), htmlToText(e.descriptionEng)),
    startsAt: e.startsAt,
  };
}

/** Biography, labels, credits, gallery and portfolio, each with both languages' words. */
function contentEntries(sources: SearchSources): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const b of sources.bio ?? []) {
    const category = (sources.bioCategories ?? []).find((c) => lower(c.name) === lower(b.category));
    entries.push({
      key: `bio:${b.id}`,
      type: "bio",
      title: { it: b.title, en: localized(b, "title", "en") },
      category: categoryNames(sources.bioCategories ?? [], b.category),
      image: null,
      // Texts of an "about" category are on the home page, the others on /bio.
      href: pagePath(category?.type === "about" ? "home" : "bio"),
      external: false,
      titleWords: wordsOf(b.title, b.title_eng),
      textWords: wordsOf(htmlToText(b.text), htmlToText(b.text_eng)),
    });
  }
  for (const l of sources.labels ?? []) {
    const link = contentHref(l.link);
    entries.push({
      key: `labels:${l.id}`,
      type: "labels",
      title: { it: l.category, en: l.category },
      category: categoryNames(sources.labelCategories, l.category),
      image: l.url || null,
      href: link ?? artDirectionPath(l.category),
      external: Boolean(link && !link.startsWith("/")),
      titleWords: wordsOf(l.category),
      textWords: wordsOf(l.description, l.description_eng),
    });
  }
  for (const c of sources.credits ?? []) {
    entries.push({
      key: `credits:${c.id}`,
      type: "credits",
      title: { it: c.name, en: c.name },
      category: { it: c.title || c.category, en: localized(c, "title", "en") || c.category },
      image: c.src || null,
      href: pagePath("credits"),
      external: false,
      titleWords: wordsOf(c.name),
      textWords: wordsOf(c.title, c.title_eng, c.occupation, c.occupation_eng, htmlToText(c.text), htmlToText(c.text_eng)),
    });
  }
  for (const g of sources.gallery ?? []) {
    const pictures = g.content ?? [];
    entries.push({
      key: `gallery:${g.id}`,
      type: "gallery",
      title: { it: g.title, en: localized(g, "title", "en") },
      category: { it: g.category, en: g.category },
      image: g.src || pictures[0]?.src || null,
      href: galleryItemPath(g.id),
      external: false,
      titleWords: wordsOf(g.title, g.title_eng),
      textWords: wordsOf(g.description, g.description_eng, ...pictures.flatMap((p) => [p.title, p.title_eng, p.description, p.description_eng])),
    });
  }
  for (const p of sources.portfolio ?? []) {
    entries.push({
      key: `portfolio:${p.id}`,
      type: "portfolio",
      title: { it: p.title, en: localized(p, "title", "en") },
      category: { it: p.category, en: localized(p, "category", "en") },
      image: null,
      href: pagePath("portfolio"),
      external: false,
      titleWords: wordsOf(p.title, p.title_eng),
      textWords: wordsOf(p.category, p.category_eng),
    });
  }
  return entries;
}

function indexEntries(entries: SearchEntry[]): SearchIndex {
  const lists = new Map<string, number[]>();
  const add = (word: string, code: number) => {
    const list = lists.get(word);
    if (list) list.push(code);
    else lists.set(word, [code]);
  };
  entries.forEach((entry, i) => {
    const title = new Set(entry.titleWords.split(" ").filter(Boolean));
    for (const word of title) add(word, i * 2 + 1);
    for (const word of new Set(entry.textWords.split(" "))) if (word && !title.has(word)) add(word, i * 2);
  });
  const vocab = [...lists.keys()].sort();
  return { entries, vocab, postings: vocab.map((w) => Int32Array.from(lists.get(w)!)), builtAt: Date.now() };
}

/** First position in the sorted vocabulary not below `term`. */
function lowerBound(vocab: string[], term: string): number {
  let lo = 0;
  let hi = vocab.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const word = vocab[mid];
    if (word !== undefined && word < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Entries where every term starts a word of the titles or texts (either language). Title hits
 * weigh more, so title matches come before description-only matches; ties keep index order.
 */
export function matchSearchIndex(index: SearchIndex, terms: string[]): SearchEntry[] {
  const n = index.entries.length;
  if (terms.length === 0 || n === 0) return [];
  // Best hit of each term per entry: 2 in a title, 1 in a description, 0 none.
  const hits = terms.map((term) => {
    const best = new Uint8Array(n);
    for (let k = lowerBound(index.vocab, term); index.vocab[k]?.startsWith(term); k++) {
      for (const code of index.postings[k] ?? []) {
        const value = (code & 1) + 1;
        const entry = code >> 1;
        if (value > (best[entry] ?? 0)) best[entry] = value;
      }
    }
    return best;
  });
  // An entry's score: the sum of its terms' hits, 0 unless every term hits it.
  const score = hits.reduce((sum, best) => sum.map((s, e) => (s === 0 || best[e] === 0 ? 0 : s + (best[e] ?? 0))));
  // Bucket by score, highest first; index order within a score.
  const buckets: number[][] = Array.from({ length: terms.length * 2 + 1 }, () => []);
  score.forEach((s, e) => {
    if (s > 0) buckets[s]?.push(e);
  });
  const result: SearchEntry[] = [];
  for (const bucket of buckets.slice(1).reverse()) {
    for (const e of bucket) {
      const entry = index.entries[e];
      if (entry) result.push(entry);
    }
  }
  return result;
}

let current: { version: number; index: SearchIndex } | undefined;
let building: Promise<SearchIndex> | undefined;

/**
 * The in-memory index, rebuilt when the content changed (the content version,
 * content-version.server.ts): every write of compositions, news, categories and the edited content
 * moves it.
 */
export async function getSearchIndex(): Promise<SearchIndex> {
  const version = contentVersion();
  if (current?.version === version) return current.index;
  building ??= (async () => {
    const [music, news, events, categories, artDirection, bio, labels, credits, gallery, portfolio] = await Promise.all([
      listMusic({}, musicSelect).then((page) => page.rows),
      listNews({}, newsSelect).then((page) => page.rows),
      listEvents({}, eventSelect).then((page) => page.rows),
      listCategories().then((page) => page.rows),
      contentList("artistic_direction"),
      contentList("bio"),
      contentList("lable"),
      contentList("credits"),
      contentList("gallery"),
      contentList("portfolio"),
    ]);
    const labelCategories = categories.filter((c) => c.type === "lable");
    const bioCategories = categories.filter((c) => c.type === "bio" || c.type === "about");
    const index = buildSearchIndex({ music, news, events, artDirection, labelCategories, bio, bioCategories, labels, credits, gallery, portfolio });
    // Kept under the version read before the rows: a write that committed meanwhile rebuilds it.
    current = { version, index };
    return index;
  })().finally(() => {
    building = undefined;
  });
  return building;
}

/** A page of results of `query` in `lang`; `page` is clamped to the pages there are. */
export async function searchSite(query: string, lang: Lang, page = 1): Promise<SearchPage> {
  const trimmed = query.trim().slice(0, MAX_QUERY_LENGTH);
  const terms = queryTerms(trimmed);
  if (terms.length === 0) return { query: trimmed, page: 1, pageCount: 0, total: 0, results: [] };
  const matches = matchSearchIndex(await getSearchIndex(), terms);
  const pageCount = Math.max(1, Math.ceil(matches.length / SEARCH_PAGE_SIZE));
  const safePage = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const slice = matches.slice((safePage - 1) * SEARCH_PAGE_SIZE, safePage * SEARCH_PAGE_SIZE);
  const results = await Promise.all(
    slice.map(async (e) => ({
      key: e.key,
      type: e.type,
      title: e.title[lang] || e.title.it,
      category: e.category[lang] || e.category.it,
      image: await imageInfo(e.image),
      href: e.href,
      external: e.external,
      ...(e.startsAt ? { when: { iso: romeIso(e.startsAt), day: concertDayAndTime(e.startsAt, lang).day } } : {}),
    })),
  );
  return { query: trimmed, page: safePage, pageCount: matches.length === 0 ? 0 : pageCount, total: matches.length, results };
}
