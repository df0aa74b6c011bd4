import { getEnv } from "../platform/env.server";

/** Absolute origin for canonical links, Open Graph and the sitemap. */
export function publicOrigin(request: Request): string {
  return getEnv().publicOrigin ?? new URL(request.url).origin;
}
