/** A URL or path parameter that is a database id (a positive integer of at most 9 digits), or null. */
export function idParam(value: string | null | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
