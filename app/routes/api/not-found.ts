import { json } from "~/server/http/api/http.server";

/** Unknown api/ paths answer JSON, never the HTML 404 page, whatever the method. */
function notFound() {
  return json({ error: "Endpoint non trovato" }, 404);
}

export const loader = notFound;
export const action = notFound;
