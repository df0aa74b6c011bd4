import { endpoint, json } from "~/server/http/api/http.server";
import { openApiDocument } from "~/server/http/api/openapi.server";
import { publicOrigin } from "~/server/http/origin.server";

/** GET api/openapi.json: a compact OpenAPI 3.1 description (docs/api.md is the reference). */
const api = endpoint({
  GET: async ({ request }) => json(openApiDocument(publicOrigin(request))),
});

export const loader = api.loader;
export const action = api.action;
