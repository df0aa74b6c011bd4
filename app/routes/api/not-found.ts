/** Unknown api/ paths answer JSON, never the HTML 404 page. */
function notFound() {
  return Response.json({ error: "Endpoint non trovato" }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;
