/**
 * A same-origin path to go back to after a form post or a sign-in. Anything that could leave the
 * site (//host, /\host, https://host, javascript:) falls back to `fallback`.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const target = value.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://same.origin");
    if (url.origin !== "http://same.origin") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
