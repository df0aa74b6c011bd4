// Narrowing for tests under noUncheckedIndexedAccess: a missing row or element fails the test with a
// message naming what was missing, instead of a TypeError a few lines further down.

/** `value`, or a failed test naming `what` when it is null or undefined. */
export function defined<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${value}`);
  return value;
}

/** The element at `index` of `list` (negative: from the end); fails when there is none. */
export function at<T>(list: readonly T[], index: number, what = "element"): T {
  return defined(list.at(index), `${what} at ${index} of ${list.length}`);
}

/** The first element of `list`; fails when it is empty. */
export const first = <T>(list: readonly T[], what = "element"): T => at(list, 0, what);
