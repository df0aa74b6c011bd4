import { ApiError, endpoint, noContent } from "~/server/http/api/http.server";
import { readJson } from "~/server/http/body.server";
import { recordPlay } from "~/server/domain/stats.server";
import { clientAddress } from "~/server/domain/rate-limit.server";
import { MESSAGES } from "~/server/http/errors.server";

const BODY_LIMIT = 1024;

/**
 * POST api/stats/play/: `{music_id, track, listened_seconds, duration}` (JSON) sent by the player with
 * navigator.sendBeacon when a track ends, is changed, or the page is hidden (issue 38, ADR 045). A
 * beacon cannot carry the X-CSRFToken header, so this write is protected by the browser's own word
 * instead: `Sec-Fetch-Site: same-origin`, or without it an `Origin` of this site (the edge has already
 * refused cross-site ones). It is anonymous, sets no cookie, and is rate-limited per client.
 */
const api = endpoint(
  {
    POST: async ({ request }) => {
      if (!fromOurPage(request)) throw new ApiError(403, MESSAGES.crossSite.it);
      const outcome = await recordPlay(await readJson(request, BODY_LIMIT), clientAddress(request));
      if (outcome.status === "invalid") throw new ApiError(400, outcome.message);
      if (outcome.status === "rate-limited") throw new ApiError(429, "Troppe segnalazioni di ascolto: riprova tra un minuto.");
      return noContent();
    },
  },
  { bodyLimit: () => BODY_LIMIT, csrfCookie: false },
);

function fromOurPage(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(request.url).origin;
}

export const loader = api.loader;
export const action = api.action;
