import type { Route } from "./+types/data-file";
import { isContentKind } from "~/lib/content-types";
import { contentDocumentText } from "~/server/domain/content.server";

/** SPEC.md 7: the content lists at /data/<name>.json, for old clients and other tools (built from the database). */
export async function loader({ params }: Route.LoaderArgs) {
  const name = params.file.replace(/\.json$/, "");
  if (!params.file.endsWith(".json") || !isContentKind(name)) {
    return Response.json({ error: "File non trovato" }, { status: 404 });
  }
  return new Response(await contentDocumentText(name), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
