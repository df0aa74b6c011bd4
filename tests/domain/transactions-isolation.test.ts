import { describe, expect, it } from "vitest";
import { db, onPostgres } from "~/server/storage/db.server";

/**
 * issue 34, finding 1: on SQLite the site has one connection, and Prisma's better-sqlite3 adapter took its
 * lock only to start a transaction, so a query another request made while an interactive transaction
 * was open ran inside it: the transaction's rollback erased a write that had already been acknowledged,
 * and a read saw rows that were never committed. Transactions await slow work (the file store's I/O);
 * here that is a wait of its own, during which another request writes or reads.
 * On PostgreSQL (a pool of connections) the other request never waited for the transaction, and still
 * does not: the last test checks that no lock of SQLite's was put in its way.
 */
const slowWork = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a transaction that writes `description`, then awaits `during()` (bounded by `ioMs`), then rolls back. */
async function rolledBackTransactionDuring<T>(description: string, during: () => Promise<T>, ioMs = 300) {
  let outside: Promise<T> | undefined;
  let outsideSettledInside = false;
  const transaction = db.$transaction(async (tx) => {
    await tx.activity.create({ data: { description, username: "transaction" } });
    outside = during();
    // The file store's I/O: the transaction goes on after it, whether or not the other request finished.
    const first = await Promise.race([outside.then(() => "outside"), slowWork(ioMs).then(() => "slow work")]);
    outsideSettledInside = first === "outside";
    throw new Error("the save failed after its write");
  });
  await expect(transaction).rejects.toThrow("the save failed after its write");
  if (!outside) throw new Error("the transaction never ran");
  return { outside: await outside, outsideSettledInside };
}

describe("one transaction at a time", () => {
  it("a write made outside an open transaction survives the transaction's rollback", async () => {
    const { outside } = await rolledBackTransactionDuring("rolled back", () =>
      db.contactMessage.create({ data: { name: "Anna", email: "anna@example.com", description: "acknowledged" }, select: { id: true } }),
    );
    expect(await db.contactMessage.findUnique({ where: { id: outside.id }, select: { description: true } })).toEqual({
      description: "acknowledged",
    });
    expect(await db.activity.count({ where: { description: "rolled back" } })).toBe(0);
  });

  it("a read made outside an open transaction never sees its uncommitted rows", async () => {
    const { outside } = await rolledBackTransactionDuring("never committed", () =>
      db.activity.findMany({ where: { description: "never committed" }, select: { id: true } }),
    );
    expect(outside).toEqual([]);
  });

  it("a transaction's own queries and a nested write still run (no wait on itself)", async () => {
    const saved = await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { username: "nested", passwordHash: "x", sessions: { create: { id: "s1", expiresAt: new Date() } } } });
      return tx.session.count({ where: { userId: user.id } });
    });
    expect(saved).toBe(1);
  });

  it("a transaction whose COMMIT is refused leaves nothing behind, and the database goes on", async () => {
    // SQLite keeps a transaction open when its COMMIT fails (here a deferred foreign key; in production a
    // full disk), and Prisma then calls neither commit() nor rollback(): queries waited for it forever.
    const orphan = db.$transaction(async (tx) => {
      if (!onPostgres()) await tx.$executeRawUnsafe("PRAGMA defer_foreign_keys = ON");
      await tx.session.create({ data: { id: "orphan", userId: 999_999, expiresAt: new Date() } });
    });
    await expect(orphan).rejects.toThrow();
    expect(await db.session.count({ where: { id: "orphan" } })).toBe(0);
    const saved = await db.$transaction((tx) =>
      tx.contactMessage.create({ data: { name: "Dopo", email: "d@example.com", description: "x" }, select: { id: true } }),
    );
    expect(await db.contactMessage.count({ where: { id: saved.id } })).toBe(1);
  });

  it("on PostgreSQL, a query outside a transaction does not wait for it", async () => {
    const { outsideSettledInside } = await rolledBackTransactionDuring("pool", () => db.contactMessage.count(), onPostgres() ? 4_000 : 300);
    // SQLite serialises (the query waits for the rollback); PostgreSQL answers from another connection at once.
    expect(outsideSettledInside).toBe(onPostgres());
  });
});
