import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverPendingMessages, MAX_DELIVERY_ATTEMPTS, mailQueue, retryDelayMs } from "~/server/domain/contact.server";
import {
  deleteMessage,
  listMessages,
  findMessage,
  setMessageRead,
  purgeOldMessages,
  resendMessage,
  setMessageHandled,
  unreadMessageCount,
} from "~/server/domain/contact-inbox.server";
import { db } from "~/server/storage/db.server";
import { smtpPerFile } from "../support/smtp";

// Issue 23: the staff inbox of contact messages, and what delivery by mail leaves in it.
const smtp = smtpPerFile();
let staff: { id: number; username: string };

beforeAll(async () => {
  staff = await db.user.create({ data: { username: "inbox-staff", passwordHash: "x", isStaff: true }, select: { id: true, username: true } });
});

beforeEach(async () => {
  await db.contactMessage.deleteMany();
  await db.activity.deleteMany();
  smtp.failNext = 0;
  smtp.refuseNext = 0;
});

const save = (name: string, createdAt = new Date()) =>
  db.contactMessage.create({ data: { name, email: `${name.toLowerCase()}@example.it`, description: `Testo di ${name}`, createdAt }, select: { id: true } });
const stateOf = async (id: number) => (await listMessages()).rows.find((m) => m.id === id)?.state;
const activities = async () => (await db.activity.findMany({ orderBy: { id: "asc" }, select: { description: true } })).map((a) => a.description);
/** Until the delivery run a resend starts has sent `count` mails. */
const untilMails = (count: number) => expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(count);

describe("delivery states", () => {
  it("waiting, then waiting to retry after a refusal with its reason, then sent; the message is kept after sending", async () => {
    const { id } = await save("Anna");
    expect(await stateOf(id)).toBe("waiting");
    smtp.failNext = 1;
    const t0 = new Date();
    expect(await deliverPendingMessages(() => t0)).toEqual({ sent: 0, failed: 1 });
    expect(await stateOf(id)).toBe("retrying");
    expect((await listMessages()).rows[0]?.lastError).toContain("Mailbox busy");
    await deliverPendingMessages(() => new Date(t0.getTime() + retryDelayMs(1) + 1));
    expect(await stateOf(id)).toBe("sent");
    expect(await db.contactMessage.count()).toBe(1);
  });

  it("gives up on a message the mail server refuses for good, and on one that fails too often; neither stays in the mail queue", async () => {
    const refused = await save("Bruno");
    smtp.refuseNext = 1;
    await deliverPendingMessages();
    expect(await stateOf(refused.id)).toBe("failed");
    expect((await db.contactMessage.findUniqueOrThrow({ where: { id: refused.id } })).lastError).toContain("Message refused");
    // Not tried again by the retry loop.
    expect(await deliverPendingMessages(() => new Date(Date.now() + 24 * 3600_000))).toEqual({ sent: 0, failed: 0 });

    const busy = await save("Carla");
    smtp.failNext = MAX_DELIVERY_ATTEMPTS;
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      expect(await stateOf(busy.id)).toBe(attempt === 1 ? "waiting" : "retrying");
      await deliverPendingMessages(() => new Date(now));
      now += retryDelayMs(attempt) + 1;
    }
    expect(await stateOf(busy.id)).toBe("failed");
    expect(await mailQueue()).toEqual({ length: 0, oldestCreatedAt: null });
  });

  it("resend queues a failed message (and a sent one) again and delivers it at once, with its activity row", async () => {
    const { id } = await save("Dario");
    smtp.refuseNext = 1;
    await deliverPendingMessages();
    expect(await stateOf(id)).toBe("failed");
    expect(await resendMessage(id, staff)).toBe(true);
    await untilMails(1);
    await expect.poll(() => stateOf(id)).toBe("sent");
    expect(await resendMessage(id, staff)).toBe(true);
    await untilMails(2);
    await expect.poll(() => stateOf(id)).toBe("sent");
    expect(await activities()).toEqual([`Reinviato il messaggio n. ${id} di "Dario"`, `Reinviato il messaggio n. ${id} di "Dario"`]);
    expect(await resendMessage(id + 1000, staff)).toBe(false);
  });
});

describe("the inbox", () => {
  it("lists newest first, counts unread, reads without a mark, marks read and unread, marks handled, deletes, logging each write", async () => {
    const older = await save("Elena", new Date(Date.now() - 60_000));
    const newer = await save("Franco");
    expect((await listMessages()).rows.map((m) => m.name)).toEqual(["Franco", "Elena"]);
    expect((await listMessages({ filter: { q: "elena" } })).rows.map((m) => m.name)).toEqual(["Elena"]);
    expect(await unreadMessageCount()).toBe(2);

    // Reading a message changes nothing (GET /admin/messages/{id} reads it: issue 34, finding 12).
    expect((await findMessage(older.id))?.readAt).toBeNull();
    expect(await unreadMessageCount()).toBe(2);
    expect(await setMessageRead(older.id, true)).toBe(true);
    const read = await findMessage(older.id);
    expect(read?.readAt).toBeInstanceOf(Date);
    expect(await unreadMessageCount()).toBe(1);
    // Marking it read again keeps the first read time; unread clears it.
    expect(await setMessageRead(older.id, true)).toBe(true);
    expect((await findMessage(older.id))?.readAt).toEqual(read?.readAt);
    expect(await setMessageRead(older.id, false)).toBe(true);
    expect(await unreadMessageCount()).toBe(2);
    expect(await setMessageRead(older.id, true)).toBe(true);

    // Acting on a message marks it read too.
    expect(await setMessageHandled(newer.id, true, staff)).toBe(true);
    expect((await db.contactMessage.findUniqueOrThrow({ where: { id: newer.id } })).handledAt).toBeInstanceOf(Date);
    expect(await unreadMessageCount()).toBe(0);
    expect(await setMessageHandled(newer.id, false, staff)).toBe(true);
    expect((await db.contactMessage.findUniqueOrThrow({ where: { id: newer.id } })).handledAt).toBeNull();
    expect(await deleteMessage(older.id, staff)).toBe(true);
    expect(await deleteMessage(older.id, staff)).toBe(false);
    expect(await db.contactMessage.count()).toBe(1);
    expect(await activities()).toEqual([
      `Segnato come gestito il messaggio n. ${newer.id} di "Franco"`,
      `Segnato come da gestire il messaggio n. ${newer.id} di "Franco"`,
      `Eliminato il messaggio n. ${older.id} di "Elena"`,
    ]);
    expect(await findMessage(older.id)).toBeNull();
    expect(await setMessageRead(older.id, true)).toBe(false);
  });

  it("the janitor's retention deletes messages older than CONTACT_RETENTION_DAYS (365 by default), sent or not", async () => {
    const day = 86_400_000;
    const old = await save("Gino", new Date(Date.now() - 366 * day));
    const recent = await save("Ida", new Date(Date.now() - 300 * day));
    await db.contactMessage.update({ where: { id: old.id }, data: { deliveredAt: new Date() } });
    expect(await purgeOldMessages()).toBe(1);
    expect((await db.contactMessage.findMany({ select: { id: true } })).map((m) => m.id)).toEqual([recent.id]);
  });
});
