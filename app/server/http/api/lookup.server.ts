import { db } from "../../storage/db.server";
import { musicSelect, type MusicItem } from "../../domain/music.server";
import { newsSelect, type NewsItem } from "../../domain/news.server";
import { eventSelect, type EventItem } from "../../domain/events.server";
import type { UserRow } from "./wire.server";
import { idParam } from "~/lib/ids";

/**
 * Reads the api/ needs beyond the domain modules' own: items addressed by id *or* slug (the
 * original client used ids, our pages use slugs) and a user's profile. Read-only, and with the
 * domain modules' own `select`, so the rows have exactly the domain shapes.
 */
export async function findMusic(key: string): Promise<MusicItem | null> {
  const id = idParam(key);
  const byId = id ? await db.music.findUnique({ where: { id }, select: musicSelect }) : null;
  return byId ?? (key.length <= 200 ? db.music.findUnique({ where: { slug: key }, select: musicSelect }) : null);
}

export async function findNews(key: string): Promise<NewsItem | null> {
  const id = idParam(key);
  const byId = id ? await db.news.findUnique({ where: { id }, select: newsSelect }) : null;
  return byId ?? (key.length <= 200 ? db.news.findUnique({ where: { slug: key }, select: newsSelect }) : null);
}

export async function findEvent(key: string): Promise<EventItem | null> {
  const id = idParam(key);
  const byId = id ? await db.event.findUnique({ where: { id }, select: eventSelect }) : null;
  return byId ?? (key.length <= 200 ? db.event.findUnique({ where: { slug: key }, select: eventSelect }) : null);
}

const userSelect = { id: true, username: true, firstName: true, lastName: true, email: true, isStaff: true, isSuperuser: true, groups: true } as const;

export function findUser(id: number): Promise<UserRow | null> {
  return db.user.findUnique({ where: { id }, select: userSelect });
}
