import type { Prisma } from "~/generated/prisma/client";
import { pageWindow, type ListPage, type ListRequest } from "~/lib/list-params";
import { containsIgnoringCase, db } from "../storage/db.server";

/** Who did something: the signed-in staff user (id and username are copied into the log row). */
export type Actor = { id: number; username: string };

type Tx = Prisma.TransactionClient;

/**
 * Writes one Activity row; call it with the transaction client of the change it describes. Only
 * the log: a content write also calls contentChanged (content-version.server.ts) itself.
 */
export async function logActivity(tx: Tx, actor: Actor, description: string, revisionId?: number) {
  return tx.activity.create({ data: { userId: actor.id, username: actor.username, description, revisionId }, select: { id: true } });
}

/** `revisionId`: the revision the entry describes (the admin log links to it), null for other changes. */
export type ActivityRow = { id: number; date: Date; username: string; description: string; revisionId?: number | null };

const activitySelect = { id: true, date: true, username: true, description: true, revisionId: true } as const;

/** `q` matches the description or the username. */
export type ActivityFilter = { q?: string };

/** Activities newest first, filtered and paged in SQL. */
export async function listActivities(request: ListRequest<ActivityFilter> = {}): Promise<ListPage<ActivityRow>> {
  const q = request.filter?.q;
  const where: Prisma.ActivityWhereInput = q ? { OR: [{ description: containsIgnoringCase(q) }, { username: containsIgnoringCase(q) }] } : {};
  const { skip, take } = pageWindow(request);
  const [rows, total] = await Promise.all([
    db.activity.findMany({ where, select: activitySelect, orderBy: [{ date: "desc" }, { id: "desc" }], skip, take }),
    db.activity.count({ where }),
  ]);
  return { rows, total };
}
