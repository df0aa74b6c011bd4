import { setTimeout as sleep } from "node:timers/promises";
import { localized, type Lang } from "~/lib/i18n";
import { NEWSLETTER_TEXTS, type SendFigures } from "~/lib/newsletter";
import { newsPath } from "~/lib/paths";
import { htmlToText } from "~/lib/html-text";
import { db } from "../storage/db.server";
import { isVisibleToVisitors } from "../storage/publication.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { isMailConfigured, isPermanentRefusal, sendMail } from "../platform/mail.server";
import { logActivity, type Actor } from "./activity.server";
import { enqueueJob, PermanentJobError, type JobHandlers } from "./jobs.server";
import { newToken, newsletterPath } from "./newsletter.server";
import { sanitizeRichHtml } from "./sanitize.server";

/**
 * Sending a news item to the newsletter's subscribers (issue 37, docs/decisions/044-newsletter.md).
 * One NewsletterDelivery row per (send, subscriber), written with the send; the durable job
 * "newsletter-send" works through them at NEWSLETTER_RATE_PER_MIN. Each row is marked "sending"
 * (with its unsubscribe token's hash) before SMTP and "sent" after; a row still "sending" when a run
 * starts belonged to a run that died mid-mail: whether that mail left is unknown, and it is not sent
 * again ("failed", with the reason), so nobody gets a mail twice.
 */

const NEWSLETTER_SEND_JOB = "newsletter-send";
/** Tries of one mail before it is failed (a busy server, a refused sign-in). */
const MAX_MAIL_ATTEMPTS = 3;
const INTERRUPTED = "invio interrotto mentre questa email partiva (riavvio o arresto del server): esito sconosciuto, non ritentata per non inviarla due volte";

const newsForMail = {
  id: true,
  slug: true,
  title: true,
  titleEng: true,
  description: true,
  descriptionEng: true,
  image: true,
  status: true,
  publishAt: true,
} as const;
type NewsForMail = { slug: string; title: string; titleEng: string; description: string; descriptionEng: string; image: string | null };

type NewsletterMail = { subject: string; text: string; html: string };

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The mail of a news item in `lang`: subject the title, the text with its picture and a link to its
 * page, the unsubscribe link at the foot; a plain-text part too. No pixel, no redirected link.
 */
function newsletterMail(news: NewsForMail, lang: Lang, origin: string, unsubscribeUrl: string): NewsletterMail {
  const t = NEWSLETTER_TEXTS[lang];
  const title = localized(news, "title", lang);
  const body = localized(news, "description", lang);
  const page = `${origin}${newsPath(news.slug, lang)}`;
  const picture = news.image ? (news.image.startsWith("/") ? `${origin}${news.image}` : news.image) : null;
  const text = [title, "", htmlToText(body), "", `${t.mailReadMore}: ${page}`, "", "--", t.mailUnsubscribe, unsubscribeUrl, ""].join("\n");
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    `<body style="font-family:Georgia,serif;max-width:640px;margin:0 auto;padding:16px;color:#222">`,
    `<h1 style="font-size:24px">${escapeHtml(title)}</h1>`,
    picture ? `<p><img src="${escapeHtml(picture)}" alt="" style="max-width:100%;height:auto"></p>` : "",
    `<div>${sanitizeRichHtml(body)}</div>`,
    `<p><a href="${escapeHtml(page)}">${escapeHtml(t.mailReadMore)}</a></p>`,
    `<hr><p style="font-size:13px;color:#555">${escapeHtml(t.mailUnsubscribe)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeUrl)}</a></p>`,
    `</body></html>`,
  ].join("");
  return { subject: title, text, html };
}

/** RFC 8058: the one-click unsubscribe of every newsletter mail. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

async function findNewsForMail(id: number) {
  return db.news.findUnique({ where: { id }, select: newsForMail });
}

/** The preview of the admin: the mail in both languages, with a sample unsubscribe link. */
export async function previewNewsletter(newsId: number, origin: string): Promise<Record<Lang, NewsletterMail> | null> {
  const news = await findNewsForMail(newsId);
  if (!news) return null;
  const sample = (lang: Lang) => `${origin}${newsletterPath(lang, "unsubscribe/…")}`;
  return { it: newsletterMail(news, "it", origin, sample("it")), en: newsletterMail(news, "en", origin, sample("en")) };
}

export type SendRefusal = { status: 404 | 409 | 503; message: string };

function refusalFor(news: { status: string; publishAt: Date | null } | null): SendRefusal | null {
  if (!isMailConfigured()) return { status: 503, message: "La newsletter non può partire: imposta SMTP_URL (il server di posta) e riavvia." };
  if (!news) return { status: 404, message: "Notizia non trovata." };
  if (!isVisibleToVisitors(news)) return { status: 409, message: "Solo una notizia pubblicata può essere inviata come newsletter." };
  return null;
}

/** A test: the mail in both languages to one address (no subscriber, no delivery row). */
export async function sendTestNewsletter(newsId: number, to: string, origin: string): Promise<SendRefusal | null> {
  const news = await findNewsForMail(newsId);
  const refusal = refusalFor(news);
  if (refusal || !news) return refusal;
  try {
    for (const lang of ["it", "en"] as const) {
      const mail = newsletterMail(news, lang, origin, `${origin}${newsletterPath(lang, "unsubscribe/…")}`);
      await sendMail({ to, subject: `[Prova] ${mail.subject}`, text: mail.text, html: mail.html });
    }
  } catch (error) {
    return { status: 503, message: `Il server di posta non ha accettato l'email di prova: ${error instanceof Error ? error.message : String(error)}` };
  }
  return null;
}

/**
 * The real send: one delivery row for every active subscriber, then the job. A news item sent
 * before needs `again` (the admin's second confirmation); answers the send's id.
 */
export async function startNewsletterSend(newsId: number, actor: Actor, origin: string, again: boolean): Promise<{ sendId: number } | SendRefusal> {
  const news = await findNewsForMail(newsId);
  const refusal = refusalFor(news);
  if (refusal || !news) return refusal ?? { status: 404, message: "Notizia non trovata." };
  if (!again && (await db.newsletterSend.count({ where: { newsId } })) > 0) {
    return { status: 409, message: "Questa notizia è già stata inviata come newsletter: conferma di nuovo per inviarla una seconda volta." };
  }
  const sendId = await db.$transaction(async (tx) => {
    const active = await tx.newsletterSubscriber.findMany({ where: { state: "active" }, select: { id: true }, orderBy: { id: "asc" } });
    const send = await tx.newsletterSend.create({
      data: { newsId, title: news.title, origin, total: active.length, createdBy: actor.username },
      select: { id: true },
    });
    await tx.newsletterDelivery.createMany({ data: active.map((s) => ({ sendId: send.id, subscriberId: s.id })) });
    await logActivity(tx, actor, `Newsletter: invio della notizia «${news.title}» a ${active.length} iscritti`);
    await enqueueJob(tx, NEWSLETTER_SEND_JOB, String(send.id), { sendId: send.id }, 20);
    return send.id;
  });
  return { sendId };
}

const sendSelect = { id: true, newsId: true, title: true, state: true, total: true, createdAt: true, finishedAt: true, createdBy: true } as const;

async function figuresOf(
  sends: { id: number; newsId: number | null; title: string; state: string; total: number; createdAt: Date; finishedAt: Date | null; createdBy: string }[],
): Promise<SendFigures[]> {
  if (sends.length === 0) return [];
  const groups = await db.newsletterDelivery.groupBy({ by: ["sendId", "state"], where: { sendId: { in: sends.map((s) => s.id) } }, _count: { _all: true } });
  return sends.map((send) => {
    const n = (state: string) => groups.find((g) => g.sendId === send.id && g.state === state)?._count._all ?? 0;
    return { ...send, sent: n("sent"), failed: n("failed"), skipped: n("skipped"), pending: n("pending") + n("sending") };
  });
}

/** A send's state and figures (api, the admin's progress). */
export async function sendFigures(id: number): Promise<SendFigures | null> {
  const send = await db.newsletterSend.findUnique({ where: { id }, select: sendSelect });
  return send ? ((await figuresOf([send]))[0] ?? null) : null;
}

/** The history of sends, newest first, with their figures; of one news item when `newsId` is given. */
export async function listSends(newsId?: number, take = 50): Promise<SendFigures[]> {
  const sends = await db.newsletterSend.findMany({ where: newsId === undefined ? {} : { newsId }, select: sendSelect, orderBy: { id: "desc" }, take });
  return figuresOf(sends);
}

/** Waits `ms`, or less when the job must stop (the signal's abort rejects, as the queue expects). */
function pause(ms: number, signal: AbortSignal) {
  return ms > 0 ? sleep(ms, undefined, { signal }) : Promise.resolve();
}

/** Claims the next due delivery of a send: pending -> sending in one conditional write. */
async function claimDelivery(sendId: number, now: Date) {
  for (let tries = 0; tries < 5; tries++) {
    const next = await db.newsletterDelivery.findFirst({
      where: { sendId, state: "pending", nextAttemptAt: { lte: now } },
      select: { id: true, attempts: true, subscriber: { select: { email: true, lang: true, state: true } } },
      orderBy: { id: "asc" },
    });
    if (!next) return null;
    if (!next.subscriber || next.subscriber.state !== "active") {
      // Unsubscribed or erased since the send began: nothing more goes to that address.
      await db.newsletterDelivery.updateMany({ where: { id: next.id, state: "pending" }, data: { state: "skipped" } });
      continue;
    }
    const { token, hash } = newToken();
    const { count } = await db.newsletterDelivery.updateMany({
      where: { id: next.id, state: "pending" },
      data: { state: "sending", unsubscribeTokenHash: hash, attempts: { increment: 1 } },
    });
    if (count === 1)
      return { id: next.id, attempts: next.attempts + 1, email: next.subscriber.email, lang: (next.subscriber.lang === "en" ? "en" : "it") as Lang, token };
  }
  return null;
}

async function runSend(sendId: number, signal: AbortSignal, progress: (fraction: number) => void) {
  const send = await db.newsletterSend.findUnique({ where: { id: sendId }, select: { newsId: true, origin: true, total: true } });
  if (!send) throw new PermanentJobError("invio non trovato");
  const news = send.newsId === null ? null : await findNewsForMail(send.newsId);
  if (!news) throw new PermanentJobError("la notizia non esiste più");
  // Rows a dead run left "sending": at most once, never twice (the module's comment).
  await db.newsletterDelivery.updateMany({ where: { sendId, state: "sending" }, data: { state: "failed", lastError: INTERRUPTED } });
  await db.newsletterSend.update({ where: { id: sendId }, data: { state: "sending" }, select: { id: true } });
  const gapMs = 60_000 / getEnv().newsletterRatePerMin;
  let lastMailAt = 0;
  for (;;) {
    signal.throwIfAborted();
    const delivery = await claimDelivery(sendId, new Date());
    if (!delivery) {
      const waiting = await db.newsletterDelivery.findFirst({
        where: { sendId, state: "pending" },
        select: { nextAttemptAt: true },
        orderBy: { nextAttemptAt: "asc" },
      });
      if (!waiting) break;
      await pause(waiting.nextAttemptAt.getTime() - Date.now(), signal);
      continue;
    }
    await pause(lastMailAt + gapMs - Date.now(), signal).catch(async (error: unknown) => {
      // Stopped before this mail left: it goes back to pending, untried.
      await db.newsletterDelivery.updateMany({ where: { id: delivery.id, state: "sending" }, data: { state: "pending", attempts: { decrement: 1 } } });
      throw error;
    });
    lastMailAt = Date.now();
    const unsubscribeUrl = `${send.origin}${newsletterPath(delivery.lang, `unsubscribe/${delivery.token}`)}`;
    const mail = newsletterMail(news, delivery.lang, send.origin, unsubscribeUrl);
    try {
      await sendMail({ to: delivery.email, subject: mail.subject, text: mail.text, html: mail.html, headers: unsubscribeHeaders(unsubscribeUrl) });
      await db.newsletterDelivery.update({ where: { id: delivery.id }, data: { state: "sent", sentAt: new Date(), lastError: null }, select: { id: true } });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const final = delivery.attempts >= MAX_MAIL_ATTEMPTS || isPermanentRefusal(error);
      await db.newsletterDelivery.update({
        where: { id: delivery.id },
        data: final
          ? { state: "failed", lastError: reason }
          : { state: "pending", lastError: reason, nextAttemptAt: new Date(Date.now() + 30_000 * delivery.attempts) },
        select: { id: true },
      });
      log().warn(
        { sendId, deliveryId: delivery.id, attempt: delivery.attempts, reason },
        final ? "newsletter mail failed" : "newsletter mail failed: retrying later",
      );
    }
    const done = await db.newsletterDelivery.count({ where: { sendId, state: { in: ["sent", "failed", "skipped"] } } });
    progress(send.total === 0 ? 1 : done / send.total);
  }
  await db.newsletterSend.update({ where: { id: sendId }, data: { state: "done", finishedAt: new Date() }, select: { id: true } });
}

function sendIdOf(payload: unknown): number {
  const id = (payload as { sendId?: unknown } | null)?.sendId;
  if (typeof id !== "number") throw new PermanentJobError("payload senza sendId");
  return id;
}

export const NEWSLETTER_JOB_HANDLERS: JobHandlers = {
  [NEWSLETTER_SEND_JOB]: {
    run: (job) => runSend(sendIdOf(job.payload), job.signal, job.progress),
    async failed(job, reason) {
      const sendId = sendIdOf(job.payload);
      await db.newsletterDelivery.updateMany({ where: { sendId, state: { in: ["pending", "sending"] } }, data: { state: "failed", lastError: reason } });
      await db.newsletterSend.updateMany({ where: { id: sendId }, data: { state: "failed", finishedAt: new Date() } });
    },
  },
};
