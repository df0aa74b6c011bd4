import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../platform/env.server";
import { db } from "../storage/db.server";
import { fileStore } from "../storage/storage.server";

/** SPEC.md 7: the static content files and the key under which each holds its list. */
const CONTENT_FILES = {
  album_desciption: "album_desciption",
  slider_hero: "slider_hero",
  follows: "follows",
  bio: "bio",
  internal_link: "internal_link",
  subCategory: "subCategory",
  artistic_direction: "artistic_direction",
  portfolio: "portfolio",
  lable: "lable",
  credits: "credits",
  gallery: "gallery",
  privacy_policy: "privacy_policy",
  legal_notes: "legal_notes",
  cookie_policy: "cookie_Policy",
} as const;

export type ContentFile = keyof typeof CONTENT_FILES;

export function isContentFile(name: string): name is ContentFile {
  return Object.hasOwn(CONTENT_FILES, name);
}

/** The shipped defaults (in the image, replaced at every deploy). */
function contentDir(): string {
  return path.resolve("content", "data");
}

/** The operator's edited copies: DATA_DIR/content/<name>.json wins over the shipped file, and is backed up. */
function contentOverrideDir(): string {
  return path.join(getEnv().dataDir, "content");
}

const cache = new Map<ContentFile, { file: string; mtimeMs: number; raw: string; parsed: Record<string, unknown> }>();

function statIfFile(file: string): fs.Stats | null {
  // Most content files have no override: a missing file is not an exception (cheaper on every render).
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat?.isFile() ? stat : null;
}

function load(name: ContentFile) {
  const override = path.join(contentOverrideDir(), `${name}.json`);
  const overrideStat = statIfFile(override);
  const file = overrideStat ? override : path.join(contentDir(), `${name}.json`);
  const { mtimeMs } = overrideStat ?? fs.statSync(file);
  const hit = cache.get(name);
  if (hit && hit.file === file && hit.mtimeMs === mtimeMs) return hit;
  const raw = fs.readFileSync(file, "utf8");
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file} non è JSON valido: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const entry = { file, mtimeMs, raw, parsed };
  cache.set(name, entry);
  return entry;
}

/** The raw file, as served at /data/<name>.json. */
export function readContentRaw(name: ContentFile): string {
  return load(name).raw;
}

/** The list inside a content file (typed by the caller; the shapes are SPEC.md section 3). */
export function readContentList<T>(name: ContentFile): T[] {
  const list = load(name).parsed[CONTENT_FILES[name]];
  return Array.isArray(list) ? (list as T[]) : [];
}

/** When a content file last changed (the sitemap's lastmod of the pages it feeds). */
export function contentUpdatedAt(name: ContentFile): Date {
  return new Date(load(name).mtimeMs);
}

/**
 * The pictures the content files reference (/media/content/*.jpg) that the uploads folder does
 * not hold: they are generated, not committed, and drawn at start (app/demo/seed.server.ts).
 */
export async function missingContentImages(): Promise<string[]> {
  const names = new Set<string>();
  for (const file of Object.keys(CONTENT_FILES) as ContentFile[]) {
    for (const match of readContentRaw(file).matchAll(/\/media\/content\/([a-z0-9][a-z0-9_-]*\.jpg)/gi)) {
      if (match[1]) names.add(match[1]);
    }
  }
  const missing: string[] = [];
  for (const name of names) if (!(await fileStore().exists(`content/${name}`))) missing.push(name);
  return missing;
}

/** True when the database holds no content yet (a fresh data folder). */
export async function isDatabaseEmpty(): Promise<boolean> {
  const [categories, music, news] = await Promise.all([db.category.count(), db.music.count(), db.news.count()]);
  return categories + music + news === 0;
}
