/** URL helpers of compositions shared by server and browser code. */

/** `/compositions/{category name lower-cased}` (SPEC.md 2.6); spaces become %20. */
export function categoryPath(categoryName: string): string {
  return `/compositions/${encodeURIComponent(categoryName.toLocaleLowerCase("it"))}`;
}

export function compositionPath(categoryName: string, slug: string): string {
  return `${categoryPath(categoryName)}/${encodeURIComponent(slug)}`;
}

/** An external link typed without a scheme ("bandcamp.com/...") gets `https://` (SPEC.md 2.6). */
export function externalHref(link: string): string {
  const value = link.trim();
  if (/^https?:\/\//i.test(value)) return value;
  // Script and data URLs are never followed; other "scheme://" links are not web pages either.
  if (/^\s*(javascript|data|vbscript|file):/i.test(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return "#";
  return `https://${value.replace(/^\/+/, "")}`;
}

/** A category name as it appears in a URL or a filter parameter: case, spaces and hyphens ignored. */
export function categoryKey(name: string): string {
  return name.trim().toLocaleLowerCase("it").replace(/[\s-]+/g, "-");
}
