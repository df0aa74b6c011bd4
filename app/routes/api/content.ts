import { isContentKind, type ContentKind } from "~/lib/content-types";
import { ApiError, endpoint, json, savedItem } from "~/server/http/api/http.server";
import { requireStaffApi, requireStaffWrite } from "~/server/http/api/guard.server";
import { readJson } from "~/server/http/body.server";
import { contentDocument, replaceContent } from "~/server/domain/content.server";

function kindParam(name: string | undefined): ContentKind {
  if (!name || !isContentKind(name)) throw new ApiError(404, "Contenuto non trovato: usa uno dei nomi di /data/{name}.json.");
  return name;
}

/**
 * api/content/{name}/ (staff): GET the list of one kind of content, as /data/{name}.json answers it;
 * PUT a body of the same shape to replace the whole list (400 with `errors` by field path, e.g.
 * "bio.0.title_eng"). Same session, CSRF header and answers as the other api/ writes.
 */
const api = endpoint({
  GET: async ({ request, params }) => {
    await requireStaffApi(request);
    return json(await contentDocument(kindParam(params.name)));
  },
  PUT: async ({ request, params }) => {
    const user = await requireStaffWrite(request);
    const kind = kindParam(params.name);
    const body = await readJson(request);
    return json(savedItem(await replaceContent(kind, body, user)));
  },
});

export const loader = api.loader;
export const action = api.action;
