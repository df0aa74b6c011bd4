import { writeMark } from "./db.server";

/**
 * What public pages derive from the database (cards, category lists), kept until the database is
 * next written to. A render used to repeat the same few Prisma queries every time, and they were
 * about a fifth of its CPU (docs/performance.md, fourth session).
 *
 * Fresh by construction: every call compares the database's write mark (`writeMark`, SQLite's
 * data_version: any committed write by any connection or process moves it) with the one the value
 * was built under, so a write is visible to the very next read, as without the cache. A value built
 * while a write committed is kept under the older mark and rebuilt on the next call. Unlike the
 * page cache this also serves staff and covers writes made outside the app (scripts, tests).
 *
 * Values are shared between requests: callers must not mutate them. Keys are fixed by the code
 * (a name and a language), so the map stays small. A failed build is not kept.
 */
const kept = new Map<string, { mark: string; value: Promise<unknown> }>();

export function untilNextWrite<T>(key: string, build: () => Promise<T>): Promise<T> {
  let mark: string;
  try {
    mark = writeMark();
  } catch {
    return build(); // no mark (no database file yet): nothing is kept, the build says what is wrong
  }
  const entry = kept.get(key);
  if (entry?.mark === mark) return entry.value as Promise<T>;
  const value = build();
  kept.set(key, { mark, value });
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}
