/** Placeholder until the api/ issue implements this endpoint. */
function notImplemented() {
  return Response.json({ error: "Non ancora disponibile" }, { status: 501 });
}

export const loader = notImplemented;
export const action = notImplemented;
