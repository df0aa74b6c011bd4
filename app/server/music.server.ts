import { db } from "./db.server";

/** What a public page needs of a composition. */
export const musicSelect = {
  id: true,
  slug: true,
  title: true,
  description: true,
  descriptionEng: true,
  img: true,
  link: true,
  videos: true,
  createdAt: true,
  category: { select: { id: true, name: true, nameEng: true } },
  tracks: { select: { name: true, url: true }, orderBy: { position: "asc" } },
} as const;

export type MusicItem = {
  id: number;
  slug: string;
  title: string;
  description: string;
  descriptionEng: string;
  img: string;
  link: string | null;
  videos: string | null;
  createdAt: Date;
  category: { id: number; name: string; nameEng: string };
  tracks: { name: string; url: string }[];
};

/**
 * Compositions, newest first; `categoryName` matches case-insensitively (the URL carries it in lower
 * case, SPEC.md 2.6; the original API used the upper-cased name).
 */
export async function listMusic(opts: { categoryName?: string } = {}): Promise<MusicItem[]> {
  const items = await db.music.findMany({ select: musicSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  if (!opts.categoryName) return items;
  const wanted = opts.categoryName.toLocaleUpperCase("it");
  return items.filter((m) => m.category.name.toLocaleUpperCase("it") === wanted);
}

export function getMusicBySlug(slug: string): Promise<MusicItem | null> {
  return db.music.findUnique({ where: { slug }, select: musicSelect });
}

// ---------------------------------------------------------------------------------------------
// Admin writes (create, update, delete with activity log) go above this line.
// --- public reads ---
