// The route table of app/routes.ts walked, for tests that try every URL; one URL of each public page.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { row, rows } from "./db";
import type { ServerInfo } from "./server";

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
    "/works",
    "/privacy-policy",
    "/legal-notes",
    "/cookie-policy",
    "/press",
    "/events",
    await first("/events", /href="(\/events\/[^"/.]+)"/),
  ];
}

/**
 * One URL of each main admin page (issue 35: html-validate walks them): the dashboard, the lists, the
 * create and edit forms of news, music, concerts, categories and content, media, messages, trash,
 * histories, the newsletter, the statistics and the activity log. The edit pages are those of the first
 * rows of the demo content; a composition with tracks, so its track forms are there too. A new admin
 * page joins here.
 */
export function adminPages(server: Pick<ServerInfo, "dataDir">): string[] {
  const news = row<{ slug: string }>(server, "SELECT slug FROM News ORDER BY id LIMIT 1").slug;
  const music = row<{ slug: string }>(
    server,
    "SELECT m.slug FROM Music m WHERE EXISTS (SELECT 1 FROM MusicTrack t WHERE t.musicId = m.id) ORDER BY m.id LIMIT 1",
  ).slug;
  const category = row<{ id: number }>(server, "SELECT id FROM Category ORDER BY id LIMIT 1").id;
  const bio = row<{ id: number }>(server, "SELECT json_extract(data, '$.id') AS id FROM ContentItem WHERE kind = 'bio' ORDER BY position LIMIT 1").id;
  const message = rows<{ id: number }>(server, "SELECT id FROM ContactMessage ORDER BY id LIMIT 1")[0]?.id;
  const concert = row<{ slug: string }>(server, "SELECT slug FROM Event ORDER BY id LIMIT 1").slug;
  return [
    "/admin/",
    "/admin/newsList",
    "/admin/newsCreate",
    `/admin/newsList/${news}`,
    `/admin/newsList/${news}/history`,
    "/admin/musicList",
    "/admin/musicCreate",
    `/admin/musicList/${music}`,
    `/admin/musicList/${music}/history`,
    "/admin/categoryList",
    "/admin/categoryCreate",
    `/admin/categoryList/${category}`,
    "/admin/content/bio",
    `/admin/content/bio/${bio}`,
    "/admin/content/bio/history",
    "/admin/content/gallery/nuovo",
    "/admin/media",
    "/admin/messages",
    ...(message ? [`/admin/messages/${message}`] : []),
    "/admin/trash",
    "/admin/activityList",
    "/admin/events",
    "/admin/events/nuovo",
    `/admin/events/${concert}`,
    "/admin/events/importa",
    "/admin/newsletter",
    "/admin/stats",
  ];
}

/**
 * The newsletter's sign-up answers 503 on a server without SMTP_URL (issue 37: it cannot work, and says
 * so): the bad-input sweeps, which run without mail, accept that one 5xx there.
 */
export function unavailableWithoutMail(path: string, status: number): boolean {
  return status === 503 && /^(\/en)?\/newsletter(\.data)?$|^\/api\/newsletter\/subscribe\/?$/.test(path);
}
