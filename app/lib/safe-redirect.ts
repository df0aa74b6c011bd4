/** Stands for the site's own origin while a target is resolved: only its sameness matters. */
const SITE = "http://same.origin";

/**
 * A same-origin path to go back to after a form post or a sign-in. Anything that could leave the
 * site (//host, /\host, https://host, javascript:) falls back to `fallback`.
 *
 * The target is resolved first (dot segments, plain or percent-encoded, as a browser resolves
 * them) and checked after: `/admin/../..//evil.example` resolves to `//evil.example`, which a browser
 * reads as another host, so the path that comes out must not start with `//` or `/\` either.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const target = value.trim();
  // A browser drops tabs and newlines and reads "\" as "/" before it resolves a Location.
  if (!target.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || /^\/[/\\]/.test(path)) return fallback;
  return path;
}
