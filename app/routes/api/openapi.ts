import { endpoint, json } from "~/server/api/http.server";
import { openApiDocument } from "~/server/api/openapi.server";
import { publicOrigin } from "~/server/origin.server";

/** GET api/openapi.json: a compact OpenAPI 3.1 description (docs/api.md is the reference). */
const api = endpoint({
  GET: async ({ request }) => json(openApiDocument(publicOrigin(request))),
});

export const loader = api.loader;
export const action = api.action;
