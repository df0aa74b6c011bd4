import { contentVersion } from "./content-version.server";

/**
 * What public pages derive from the database (cards, category lists), kept until the content next
 * changes. A render used to repeat the same few Prisma queries every time, and they were about a
 * fifth of its CPU (docs/performance.md, fourth session).
 *
 * Fresh by the content version (content-version.server.ts): every call compares `contentVersion()`
 * (a few microseconds) with the one the value was built under, so a content write is visible to
 * the very next read, staff included. A value built while a write committed is kept under the
 * older version and rebuilt on the next call.
 *
 * Values are shared between requests: callers must not mutate them. Keys are fixed by the code
 * (a name and a language), so the map stays small. A failed build is not kept.
 *
 * `stamp` is what else the value depends on that the version does not follow, e.g. the Rome day for
 * what lists the upcoming concerts (a concert that has passed moves no version): the value is built
 * again when it differs, under the same key.
 */
const kept = new Map<string, { version: number; stamp: string; value: Promise<unknown> }>();

export function untilContentChanged<T>(key: string, build: () => Promise<T>, stamp = ""): Promise<T> {
  let version: number;
  try {
    version = contentVersion();
  } catch {
    return build(); // no version (no database file yet): nothing is kept, the build says what is wrong
  }
  const entry = kept.get(key);
  if (entry?.version === version && entry.stamp === stamp) return entry.value as Promise<T>;
  const value = build();
  kept.set(key, { version, stamp, value });
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key);
  });
  return value;
}
