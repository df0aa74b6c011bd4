import type { Route } from "./+types/data-file";
import { isContentFile, readContentRaw } from "~/server/domain/content.server";

/** SPEC.md 7: the static content files at /data/<name>.json, for old clients and other tools. */
export function loader({ params }: Route.LoaderArgs) {
  const name = params.file.replace(/\.json$/, "");
  if (!params.file.endsWith(".json") || !isContentFile(name)) {
    return Response.json({ error: "File non trovato" }, { status: 404 });
  }
  return new Response(readContentRaw(name), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
