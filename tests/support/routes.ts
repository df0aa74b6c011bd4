// The route table of app/routes.ts walked, for tests that try every URL; one URL of each public page.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** Every URL pattern of app/routes.ts, with sample values for its parameters. */
export function routePaths(): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
      if (entry.children?.length) walk(entry.children, joined);
      if (entry.children?.length && !entry.path && !entry.index) continue; // pathless layout
      const sample = joined
        .split("/")
        .map((s) => (s === "*" ? "qualcosa" : s.startsWith(":") ? (/id/i.test(s) ? "1" : "esempio") : s))
        .join("/");
      out.push({ path: sample || "/", file: entry.file });
    }
  };
  walk(routes as RouteConfigEntry[], "");
  return [...new Map(out.map((r) => [r.path, r])).values()];
}

/** Path to match, without the trailing slash of SPEC's api/ URLs. */
export const dataTwin = (path: string) => (path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`);

/** The first link on `path` matching `pattern` (its first group). */
export async function firstHref(base: string, path: string, pattern: RegExp): Promise<string> {
  const match = (await (await fetch(`${base}${path}`)).text()).match(pattern);
  if (!match?.[1]) throw new Error(`no link like ${pattern} on ${path}`);
  return match[1];
}

/**
 * One URL of each kind of public page, Italian paths (English: "/en" before them, "/en" for "/"); the
 * detail pages are the first ones their lists link to.
 */
export async function publicPages(base: string): Promise<string[]> {
  const first = (path: string, pattern: RegExp) => firstHref(base, path, pattern);
  return [
    "/",
    "/bio",
    "/news",
    await first("/news", /href="(\/news\/[^"/]+)"/),
    "/compositions",
    await first("/compositions", /href="(\/compositions\/[^"/]+)"/),
    await first("/compositions", /href="(\/compositions\/[^"/]+\/[^"/]+)"/),
    "/art-direction",
    await first("/art-direction", /href="(\/art-direction\/[^"/]+)"/),
    "/credits",
    "/gallery",
    await first("/gallery", /href="(\/gallery\/[^"/]+)"/),
    "/portfolio",
    "/contacts",
    "/search?query=colonna",
    "/privacy-policy",
    "/legal-notes",
    "/cookie-policy",
    "/press",
  ];
}
