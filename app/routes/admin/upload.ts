/** Asynchronous upload endpoint of the admin forms (built by the admin issue). */
export function action() {
  return Response.json({ error: "Non disponibile" }, { status: 404 });
}
