import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { isJsonRequest, readJson } from "~/server/http/body.server";
import { requireStaffWrite } from "~/server/http/api/guard.server";
import { findEvent, findMusic, findNews } from "~/server/http/api/lookup.server";
import { newPreviewLink } from "~/server/http/preview.server";
import { MAX_PREVIEW_TTL_MS, type PreviewKind } from "~/server/domain/preview-links.server";
import { NOT_FOUND_MESSAGE } from "~/lib/form-messages";

const EXPIRES_IN_MESSAGE = `"expires_in" deve essere un numero intero di secondi tra 1 e ${MAX_PREVIEW_TTL_MS / 1000}.`;

/** `expires_in` (seconds) of an optional JSON body; undefined: the default of 7 days. */
async function requestedTtlMs(request: Request): Promise<number | undefined> {
  if (!isJsonRequest(request)) return undefined;
  const body = await readJson(request);
  if (body.expires_in === undefined || body.expires_in === null) return undefined;
  const seconds = body.expires_in;
  if (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds < 1 || seconds * 1000 > MAX_PREVIEW_TTL_MS) {
    throw new ApiError(400, EXPIRES_IN_MESSAGE, { errors: { expires_in: EXPIRES_IN_MESSAGE } });
  }
  return seconds * 1000;
}

/**
 * POST api/news/{id}/preview-link/, api/music/{id}/preview-link/ and api/events/{id}/preview-link/ (staff, issue 24): a new link that
 * shows the item, draft or scheduled, to anyone holding it: `{url, expires_at}`.
 */
const api = endpoint({
  POST: async ({ request, params }) => {
    const user = await requireStaffWrite(request);
    const segment = new URL(request.url).pathname.split("/")[2];
    const kind: PreviewKind = segment === "news" ? "news" : segment === "events" ? "event" : "music";
    const key = params.id ?? "";
    const item = kind === "news" ? await findNews(key) : kind === "event" ? await findEvent(key) : await findMusic(key);
    if (!item) throw new ApiError(404, NOT_FOUND_MESSAGE);
    const link = await newPreviewLink(request, kind, item.id, user, await requestedTtlMs(request));
    if (!link) throw new ApiError(404, NOT_FOUND_MESSAGE);
    return json({ url: link.url, expires_at: link.expiresAt.toISOString() }, 201);
  },
});

export const loader = api.loader;
export const action = api.action;
