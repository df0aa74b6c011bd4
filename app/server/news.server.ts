import { db } from "./db.server";

/** What a public page needs of a news item. */
export const newsSelect = {
  id: true,
  slug: true,
  title: true,
  titleEng: true,
  description: true,
  descriptionEng: true,
  date: true,
  image: true,
  createdAt: true,
  category: { select: { id: true, name: true, nameEng: true } },
  attachments: { select: { name: true, url: true }, orderBy: { position: "asc" } },
} as const;

export type NewsItem = {
  id: number;
  slug: string;
  title: string;
  titleEng: string;
  description: string;
  descriptionEng: string;
  date: string;
  image: string | null;
  createdAt: Date;
  category: { id: number; name: string; nameEng: string };
  attachments: { name: string; url: string }[];
};

/** Newest first (by the news date, then by creation). */
export function listNews(): Promise<NewsItem[]> {
  return db.news.findMany({ select: newsSelect, orderBy: [{ date: "desc" }, { createdAt: "desc" }, { id: "desc" }] });
}

export function getNewsBySlug(slug: string): Promise<NewsItem | null> {
  return db.news.findUnique({ where: { slug }, select: newsSelect });
}

// ---------------------------------------------------------------------------------------------
// Admin writes (create, update, delete with activity log) go above this line.
// --- public reads ---
