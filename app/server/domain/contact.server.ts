import { CONTACT_MESSAGES, type ContactErrors, type ContactValues, validateContactFields } from "~/lib/contact-schema";
import type { Lang } from "~/lib/i18n";
import { verifyCaptcha } from "./captcha.server";
import { runAsLeader } from "../storage/background-leader.server";
import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { isMailConfigured, isPermanentRefusal, sendMail } from "../platform/mail.server";
import { hit, limitForAddress } from "./rate-limit.server";

/** Spam limits per client address: messages saved, and send attempts (which also try captchas). */
const CONTACT_MESSAGE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };
const CONTACT_ATTEMPT_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000 };
const RATE_LIMIT_MESSAGES: Record<Lang, string> = {
  it: "Hai inviato troppe richieste. Riprova tra qualche minuto.",
  en: "You have sent too many requests. Please try again in a few minutes.",
};

export type ContactSubmission = {
  values: ContactValues;
  captchaId: string;
  captchaValue: string;
  /** The proof-of-work widget's payload, the alternative to typing the code (captcha.server.ts). */
  proofOfWork?: string;
  /** The hidden field only bots fill in. */
  honeypot: string;
  ip: string;
  lang: Lang;
};

export type ContactOutcome =
  { status: "sent"; messageId: number | null } | { status: "invalid"; errors: ContactErrors } | { status: "rate-limited"; message: string };

/** HTTP status of an outcome: 200, 400 (field or captcha errors), 429 (too many). */
export function outcomeStatus(outcome: ContactOutcome): number {
  return outcome.status === "sent" ? 200 : outcome.status === "invalid" ? 400 : 429;
}

/**
 * A contact form post (page form or api/send-email): checks the limits, the fields and the
 * captcha (used up either way), saves the message, then hands it to delivery. A filled honeypot
 * answers like a success but saves nothing.
 */
export async function submitContact(input: ContactSubmission): Promise<ContactOutcome> {
  const attempts = await hit(`contact-attempt:${input.ip}`, limitForAddress(input.ip, CONTACT_ATTEMPT_LIMIT.limit), CONTACT_ATTEMPT_LIMIT.windowMs);
  if (!attempts.allowed) return { status: "rate-limited", message: RATE_LIMIT_MESSAGES[input.lang] };
  if (input.honeypot.trim() !== "") {
    await verifyCaptcha(input.captchaId, { code: input.captchaValue, proofOfWork: input.proofOfWork });
    return { status: "sent", messageId: null };
  }
  const errors = validateContactFields(input.values, input.lang);
  const captchaOk = await verifyCaptcha(input.captchaId, { code: input.captchaValue, proofOfWork: input.proofOfWork });
  if (!captchaOk) errors.captcha = CONTACT_MESSAGES[input.lang].captcha;
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };

  const sent = await hit(`contact:${input.ip}`, limitForAddress(input.ip, CONTACT_MESSAGE_LIMIT.limit), CONTACT_MESSAGE_LIMIT.windowMs);
  if (!sent.allowed) return { status: "rate-limited", message: RATE_LIMIT_MESSAGES[input.lang] };

  const row = await db.contactMessage.create({
    data: {
      name: input.values.name.trim(),
      email: input.values.email.trim(),
      description: input.values.description.trim(),
      ip: input.ip,
    },
    select: { id: true },
  });
  // Delivery runs after the answer; a failure leaves the row for the retry loop.
  void deliverPendingMessages().catch((error) => log().error({ err: error }, "contact delivery failed"));
  return { status: "sent", messageId: row.id };
}

/**
 * A visitor's name as a display name with no address syntax left: no `<address>`, no bare
 * address, none of the characters that separate or quote addresses in a header. So the name
 * `Eve <attacker@evil.example>, "Bob"` becomes `Eve Bob` and adds no address to Reply-To.
 */
export function plainDisplayName(name: string): string {
  return name
    .replace(/<[^>]*>?/g, " ")
    .replace(/\S*@\S*/g, " ")
    .replace(/[\u0000-\u001f\u007f"<>,;:\\()[\]@]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
}

/** Wait before the next try after `attempts` failures: 1, 2, 4 ... minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** Tries before delivery is given up: with retryDelayMs's waits, about two and a half days of trying. */
export const MAX_DELIVERY_ATTEMPTS = 16;

// A claimed message is not picked up again for this long, so two runs never send it twice.
const CLAIM_MS = 5 * 60 * 1000;
let loggedNoSmtp = false;
let running: Promise<{ sent: number; failed: number }> | null = null;
let rerun = false;

/**
 * Sends every saved message that is due. Overlapping calls share one run; a call made during a
 * run schedules one more run right after it, so a message saved meanwhile is not left waiting.
 */
export function deliverPendingMessages(now = () => new Date()): Promise<{ sent: number; failed: number }> {
  if (running) {
    rerun = true;
    return running;
  }
  running = runDelivery(now).finally(() => {
    running = null;
    if (rerun) {
      rerun = false;
      void deliverPendingMessages(now).catch((error) => log().error({ err: error }, "contact delivery failed"));
    }
  });
  return running;
}

async function runDelivery(now: () => Date) {
  const result = { sent: 0, failed: 0 };
  if (!isMailConfigured()) {
    if (!loggedNoSmtp) {
      loggedNoSmtp = true;
      log().warn("SMTP_URL not set: contact messages are kept for staff to read in the admin (/admin/messages), not mailed");
    }
    return result;
  }
  const due = await db.contactMessage.findMany({
    where: { deliveredAt: null, failedAt: null, nextAttemptAt: { lte: now() } },
    select: { id: true, name: true, email: true, description: true, createdAt: true, attempts: true },
    orderBy: { id: "asc" },
    take: 20,
  });
  const { contactTo } = getEnv();
  for (const message of due) {
    const claimed = await db.contactMessage.updateMany({
      where: { id: message.id, deliveredAt: null, failedAt: null, nextAttemptAt: { lte: now() } },
      data: { nextAttemptAt: new Date(now().getTime() + CLAIM_MS) },
    });
    if (claimed.count === 0) continue;
    try {
      await sendMail({
        to: contactTo,
        // An address object, never a string: nodemailer would parse a string as a list of addresses.
        replyTo: { name: plainDisplayName(message.name), address: message.email },
        subject: `Richiesta di contatto da ${plainDisplayName(message.name) || message.email}`,
        text: `Nome: ${message.name}\nEmail: ${message.email}\nRicevuto: ${message.createdAt.toISOString()}\n\n${message.description}\n`,
      });
      await db.contactMessage.update({ where: { id: message.id }, data: { deliveredAt: now(), attempts: { increment: 1 }, lastError: null } });
      result.sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      const givenUp = attempts >= MAX_DELIVERY_ATTEMPTS || isPermanentRefusal(error);
      const reason = error instanceof Error ? error.message : String(error);
      await db.contactMessage.update({
        where: { id: message.id },
        data: {
          attempts,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          failedAt: givenUp ? now() : null,
        },
      });
      log().warn(
        { messageId: message.id, attempts, reason },
        givenUp ? "contact message not delivered: given up (staff can resend it from the inbox)" : "contact message not delivered: retrying later",
      );
      result.failed++;
    }
  }
  return result;
}

let timer: NodeJS.Timeout | undefined;

/**
 * Started by boot(): retries undelivered messages every MAIL_RETRY_EVERY_S (a minute; the timer never
 * keeps the process alive). With several instances on PostgreSQL only the background leader runs this
 * pass (storage/background-leader.server.ts); a message is still first tried by the instance that saved it.
 */
export function startContactDelivery(intervalMs = getEnv().mailRetryEveryMs) {
  if (timer) return;
  const tick = () => {
    if (!timer) return; // stopped (stopContactDelivery) before the first run
    void runAsLeader("mail_retry", () => deliverPendingMessages()).catch((error) => log().error({ err: error }, "contact delivery failed"));
  };
  timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, 2_000).unref();
}

/** Called by shutdown(): a server stopped in a process that goes on (the in-process tests) retries nothing. */
export function stopContactDelivery() {
  clearInterval(timer);
  timer = undefined;
}

/**
 * The messages waiting for delivery, and since when the oldest waits (/readyz, /metrics,
 * docs/operations.md). Those given up are no longer queued: staff see them in the inbox.
 */
export async function mailQueue(): Promise<{ length: number; oldestCreatedAt: Date | null }> {
  const waiting = { deliveredAt: null, failedAt: null };
  const [length, oldest] = await Promise.all([
    db.contactMessage.count({ where: waiting }),
    db.contactMessage.findFirst({ where: waiting, select: { createdAt: true }, orderBy: { id: "asc" } }),
  ]);
  return { length, oldestCreatedAt: oldest?.createdAt ?? null };
}
