import type { Prisma } from "~/generated/prisma/client";
import { pageWindow, type ListPage, type ListRequest } from "~/lib/list-params";
import { containsIgnoringCase, db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { isMailConfigured } from "../platform/mail.server";
import { logActivity, type Actor } from "./activity.server";
import { deliverPendingMessages } from "./contact.server";
import { deliveryState, type DeliveryState } from "~/lib/contact-delivery";

/**
 * The staff inbox of contact messages (/admin/messages): every message the contact form saved,
 * delivered by mail or not (contact.server.ts delivers them). Opening a message changes nothing (a GET
 * has no effect, issue 34): staff mark it read or unread, and any change they make to it (handled,
 * resend) marks it read too; those changes are written with their activity row, a read mark is not.
 */

const messageSelect = {
  id: true,
  name: true,
  email: true,
  description: true,
  createdAt: true,
  deliveredAt: true,
  failedAt: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  readAt: true,
  handledAt: true,
} as const satisfies Prisma.ContactMessageSelect;

export type InboxMessage = Prisma.ContactMessageGetPayload<{ select: typeof messageSelect }> & { state: DeliveryState };

const withState = (row: Prisma.ContactMessageGetPayload<{ select: typeof messageSelect }>): InboxMessage => ({ ...row, state: deliveryState(row) });

/** `q` matches the name, the address or the text. */
export type MessageFilter = { q?: string };

/** Messages newest first, filtered and paged in SQL. */
export async function listMessages(request: ListRequest<MessageFilter> = {}): Promise<ListPage<InboxMessage>> {
  const q = request.filter?.q;
  const where: Prisma.ContactMessageWhereInput = q
    ? { OR: [{ name: containsIgnoringCase(q) }, { email: containsIgnoringCase(q) }, { description: containsIgnoringCase(q) }] }
    : {};
  const { skip, take } = pageWindow(request);
  const [rows, total] = await Promise.all([
    db.contactMessage.findMany({ where, select: messageSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take }),
    db.contactMessage.count({ where }),
  ]);
  return { rows: rows.map(withState), total };
}

export function unreadMessageCount(): Promise<number> {
  return db.contactMessage.count({ where: { readAt: null } });
}

/** One message as it is; null when there is none. */
export async function findMessage(id: number): Promise<InboxMessage | null> {
  const row = await db.contactMessage.findUnique({ where: { id }, select: messageSelect });
  return row ? withState(row) : null;
}

/** The read mark, set once: a message read again keeps the time it was first read. */
function markRead(client: Pick<Prisma.TransactionClient, "contactMessage">, id: number, now: Date) {
  return client.contactMessage.updateMany({ where: { id, readAt: null }, data: { readAt: now } });
}

/** Marks a message read (keeping when it was first read) or unread; false when it is gone. Not logged: nothing changes but the mark. */
export async function setMessageRead(id: number, read: boolean, now = new Date()): Promise<boolean> {
  if (!read) return (await db.contactMessage.updateMany({ where: { id }, data: { readAt: null } })).count === 1;
  await markRead(db, id, now);
  return (await db.contactMessage.count({ where: { id } })) === 1;
}

/** How staff name a message in the activity log: the sender and the number, never the text. */
const described = (message: { id: number; name: string }) => `il messaggio n. ${message.id} di "${message.name}"`;

/** Runs `write` on an existing message in one transaction with the activity row it describes; false when the message is gone. */
async function changeMessage(
  id: number,
  actor: Actor,
  write: (tx: Prisma.TransactionClient, message: { id: number; name: string }) => Promise<string>,
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const message = await tx.contactMessage.findUnique({ where: { id }, select: { id: true, name: true } });
    if (!message) return false;
    // Staff who act on a message have read it.
    await markRead(tx, id, new Date());
    await logActivity(tx, actor, await write(tx, message));
    return true;
  });
}

/** Marks a message handled (or back to be handled). */
export function setMessageHandled(id: number, handled: boolean, actor: Actor, now = new Date()): Promise<boolean> {
  return changeMessage(id, actor, async (tx, message) => {
    await tx.contactMessage.update({ where: { id }, data: { handledAt: handled ? now : null }, select: { id: true } });
    return handled ? `Segnato come gestito ${described(message)}` : `Segnato come da gestire ${described(message)}`;
  });
}

/**
 * Queues a message for delivery again, whatever its state (a delivered one is sent once more), and
 * starts a delivery run. Without SMTP it waits like every other message.
 */
export async function resendMessage(id: number, actor: Actor, now = new Date()): Promise<boolean> {
  const changed = await changeMessage(id, actor, async (tx, message) => {
    await tx.contactMessage.update({
      where: { id },
      data: { deliveredAt: null, failedAt: null, attempts: 0, lastError: null, nextAttemptAt: now },
      select: { id: true },
    });
    return `Reinviato ${described(message)}`;
  });
  if (changed) void deliverPendingMessages().catch((error: unknown) => log().error({ err: error }, "contact delivery failed"));
  return changed;
}

export function deleteMessage(id: number, actor: Actor): Promise<boolean> {
  return changeMessage(id, actor, async (tx, message) => {
    await tx.contactMessage.delete({ where: { id }, select: { id: true } });
    return `Eliminato ${described(message)}`;
  });
}

/** Whether messages can leave by mail at all (SMTP_URL set): the inbox says so when they cannot. */
export function inboxDelivery(): { configured: boolean; retentionDays: number } {
  return { configured: isMailConfigured(), retentionDays: Math.round(getEnv().contactRetentionMs / 86_400_000) };
}

/** The janitor's part: messages older than CONTACT_RETENTION_DAYS go (a privacy rule, not a storage one). */
export async function purgeOldMessages(now = Date.now()): Promise<number> {
  const { count } = await db.contactMessage.deleteMany({ where: { createdAt: { lt: new Date(now - getEnv().contactRetentionMs) } } });
  return count;
}

/** Who sent a message, without opening it (the delete confirmation). */
export function messageSender(id: number): Promise<{ id: number; name: string } | null> {
  return db.contactMessage.findUnique({ where: { id }, select: { id: true, name: true } });
}
