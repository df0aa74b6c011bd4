import type { Prisma } from "~/generated/prisma/client";
import { db } from "./db.server";

/**
 * The content version: one number in the database that every content write increments inside its
 * own transaction (through logActivity, which every admin form and api/ write already calls), so
 * every server process sharing the database can tell that the pages it cached are stale.
 */
const ROW_ID = 1;

export function bumpContentVersion(tx: Prisma.TransactionClient) {
  return tx.contentVersion.upsert({
    where: { id: ROW_ID },
    create: { id: ROW_ID, version: 1 },
    update: { version: { increment: 1 } },
    select: { version: true },
  });
}

/** The current content version (0 before the first write). */
export async function readContentVersion(): Promise<number> {
  const row = await db.contentVersion.findUnique({ where: { id: ROW_ID }, select: { version: true } });
  return row?.version ?? 0;
}
