// The route table of app/routes.ts walked, for tests that try every URL.
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
