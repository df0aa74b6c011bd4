import { createHash } from "node:crypto";
import type { Route } from "./+types/data-file";
import { isContentKind } from "~/lib/content-types";
import { contentDocumentText } from "~/server/domain/content.server";
import { notModified } from "~/server/http/file-response.server";

/** SPEC.md 7: the content lists at /data/<name>.json, for old clients and other tools (built from the database). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const name = params.file.replace(/\.json$/, "");
  if (!params.file.endsWith(".json") || !isContentKind(name)) {
    return Response.json({ error: "File non trovato" }, { status: 404 });
  }
  const text = await contentDocumentText(name);
  // Staff edit these lists in the admin: a client asks each time (no-cache) and an unchanged list is a
  // 304, so an edit is seen at once (it was up to 5 minutes late with max-age=300).
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "public, no-cache",
    ETag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`,
    "Access-Control-Allow-Origin": "*",
  };
  if (notModified(request, headers.ETag)) return new Response(null, { status: 304, headers });
  return new Response(text, { headers });
}
