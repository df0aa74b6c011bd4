/** Public paths and outside links, shared by server and browser code: one home for each rule. */

/** `/compositions/{category name lower-cased}` (SPEC.md 2.6); spaces become %20. */
export function categoryPath(categoryName: string): string {
  return `/compositions/${encodeURIComponent(categoryName.toLocaleLowerCase("it"))}`;
}

export function compositionPath(categoryName: string, slug: string): string {
  return `${categoryPath(categoryName)}/${encodeURIComponent(slug)}`;
}

/**
 * An outside link as staff typed it: http(s) and mailto kept, `https://` added when the scheme is
 * missing ("bandcamp.com/..." , SPEC.md 2.6), null for an empty link or any other scheme
 * (javascript:, data:, ftp: ... are not links we follow).
 */
export function externalHref(link: string | null | undefined): string | null {
  const value = link?.trim();
  if (!value) return null;
  if (/^(https?:|mailto:)/i.test(value)) return value;
  // "name:" is a scheme unless a port follows it ("www.example.com:8080/a" is a host and a port).
  if (/^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i.test(value)) return null;
  return `https://${value.replace(/^\/+/, "")}`;
}

/** A category name as it appears in a URL or a filter parameter: case, spaces and hyphens ignored. */
export function categoryKey(name: string): string {
  return name.trim().toLocaleLowerCase("it").replace(/[\s-]+/g, "-");
}
