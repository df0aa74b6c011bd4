import { db } from "~/server/storage/db.server";

/** 200 when the database answers; 503 otherwise (DESIGN.md 3). */
export async function loader() {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "error", error: "database unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
