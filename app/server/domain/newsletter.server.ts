import crypto from "node:crypto";
import type { Lang } from "~/lib/i18n";
import { CONSENT_VERSION, NEWSLETTER_TEXTS, type SignupErrors, validateSignup } from "~/lib/newsletter";
import { pageWindow, type ListRequest } from "~/lib/list-params";
import { containsIgnoringCase, db } from "../storage/db.server";
import { log } from "../platform/log.server";
import { isMailConfigured, sendMail } from "../platform/mail.server";
import { verifyCaptcha, verifyProofOfWork } from "./captcha.server";
import { hit, limitForAddress } from "./rate-limit.server";

/**
 * The newsletter's subscriptions (issue 37, docs/decisions/044-newsletter.md): double opt-in, proof of
 * consent, one-click unsubscribe, erasure. Sending a news item is newsletter-send.server.ts.
 */

/** A confirmation link works this long. */
const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** A pending address gets at most one confirmation mail this often. */
const CONFIRM_RESEND_MS = 60 * 60 * 1000;
/** Unconfirmed sign-ups are deleted by the janitor after this. */
const PENDING_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Sign-up tries per client address, and per email address (whatever the outcome). */
const SIGNUP_PER_CLIENT = { limit: 20, windowMs: 60 * 60 * 1000 };
const SIGNUP_PER_EMAIL = { limit: 5, windowMs: 60 * 60 * 1000 };

export type SubscriberState = "pending" | "active" | "unsubscribed";

/** 128 random bits and more: the link carries the token, the database only its SHA-256. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(24).toString("base64url");
  return { token, hash: tokenHash(token) };
}

function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A token as a link carries it: base64url, 32 characters; anything else is no token. */
function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{32}$/.test(token);
}

/** The path of a newsletter page in `lang` (the Italian pages are unprefixed). */
export function newsletterPath(lang: Lang, rest = ""): string {
  return `${lang === "en" ? "/en" : ""}/newsletter${rest ? `/${rest}` : ""}`;
}

export type SignupInput = {
  email: string;
  lang: string;
  consent: boolean;
  /** The proof-of-work widget's payload (its challenge names its captcha). */
  altcha?: string;
  /** Or the picture's captcha: its id and the code typed. */
  captchaId?: string;
  captchaValue?: string;
  ip: string;
  /** The language of the page or call, for the messages. */
  pageLang: Lang;
  /** The site's origin, for the confirmation link. */
  origin: string;
};

export type SignupOutcome =
  | { status: "accepted" }
  | { status: "invalid"; errors: SignupErrors }
  | { status: "rate-limited"; message: string }
  | { status: "unavailable"; message: string };

/**
 * A sign-up (footer form, /newsletter page, api). The answer is the same whether the address is new,
 * pending or active: nothing tells who subscribes. A new or lapsed address becomes pending with a
 * fresh token and gets one confirmation mail (after the answer, so the time taken tells nothing
 * either); a pending one gets another at most once an hour; an active one nothing.
 */
export async function signUp(input: SignupInput, now = new Date()): Promise<SignupOutcome> {
  const m = NEWSLETTER_TEXTS[input.pageLang];
  if (!isMailConfigured()) return { status: "unavailable", message: m.unavailable };
  const client = await hit(`newsletter-client:${input.ip}`, limitForAddress(input.ip, SIGNUP_PER_CLIENT.limit), SIGNUP_PER_CLIENT.windowMs, now);
  if (!client.allowed) return { status: "rate-limited", message: m.tooMany };
  const errors = validateSignup(input, input.pageLang);
  const solved = input.captchaId
    ? await verifyCaptcha(input.captchaId, { code: input.captchaValue, proofOfWork: input.altcha }, now)
    : await verifyProofOfWork(input.altcha, now);
  if (!solved) errors.altcha = m.captcha;
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };

  const email = input.email.trim().toLowerCase();
  const perEmail = await hit(`newsletter-email:${email}`, SIGNUP_PER_EMAIL.limit, SIGNUP_PER_EMAIL.windowMs, now);
  if (!perEmail.allowed) return { status: "rate-limited", message: m.tooMany };

  const lang = input.lang as Lang;
  const known = await db.newsletterSubscriber.findUnique({ where: { email }, select: { id: true, state: true, confirmMailSentAt: true } });
  if (known?.state === "active") return { status: "accepted" };
  if (known?.state === "pending" && known.confirmMailSentAt && now.getTime() - known.confirmMailSentAt.getTime() < CONFIRM_RESEND_MS) {
    return { status: "accepted" };
  }
  const { token, hash } = newToken();
  const pending = {
    lang,
    state: "pending",
    confirmTokenHash: hash,
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
    confirmMailSentAt: now,
    signedUpAt: now,
    signupIp: input.ip,
    consentVersion: CONSENT_VERSION,
    confirmedAt: null,
    confirmIp: null,
    unsubscribedAt: null,
  };
  await db.newsletterSubscriber.upsert({ where: { email }, create: { email, ...pending }, update: pending, select: { id: true } });
  const link = `${input.origin}${newsletterPath(lang, `confirm/${token}`)}`;
  const t = NEWSLETTER_TEXTS[lang];
  void sendMail({ to: email, subject: t.mailConfirmSubject, text: `${t.mailConfirmText}\n\n${link}\n\n${t.mailConfirmIgnore}\n` }).catch((error: unknown) =>
    log().warn({ err: error }, "newsletter confirmation mail not sent"),
  );
  return { status: "accepted" };
}

/** Whether a confirmation token is live (the GET page shows its button only then). */
export async function confirmationIsLive(token: string, now = new Date()): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const row = await db.newsletterSubscriber.findUnique({ where: { confirmTokenHash: tokenHash(token) }, select: { confirmExpiresAt: true } });
  return Boolean(row?.confirmExpiresAt && row.confirmExpiresAt.getTime() > now.getTime());
}

/**
 * The confirmation's POST: a live token makes its pending address active, once (the token is
 * cleared in the same conditional write). Answers the subscriber's language, or null.
 */
export async function confirmSubscription(token: string, ip: string, now = new Date()): Promise<Lang | null> {
  if (!isTokenShaped(token)) return null;
  const hash = tokenHash(token);
  const row = await db.newsletterSubscriber.findUnique({ where: { confirmTokenHash: hash }, select: { id: true, lang: true } });
  if (!row) return null;
  const { count } = await db.newsletterSubscriber.updateMany({
    where: { id: row.id, confirmTokenHash: hash, state: "pending", confirmExpiresAt: { gt: now } },
    data: { state: "active", confirmedAt: now, confirmIp: ip, confirmTokenHash: null, confirmExpiresAt: null },
  });
  return count === 1 ? (row.lang === "en" ? "en" : "it") : null;
}

/** The subscriber a newsletter mail's unsubscribe token names, if any. */
async function subscriberOfUnsubscribeToken(token: string) {
  if (!isTokenShaped(token)) return null;
  const delivery = await db.newsletterDelivery.findUnique({ where: { unsubscribeTokenHash: tokenHash(token) }, select: { subscriberId: true } });
  return delivery?.subscriberId ?? null;
}

export async function unsubscribeTokenIsKnown(token: string): Promise<boolean> {
  return (await subscriberOfUnsubscribeToken(token)) !== null;
}

/**
 * One-click unsubscribe (RFC 8058): the token of any mail the subscriber got unsubscribes them at
 * once, with no sign-in and no challenge; again is harmless. False for an unknown token.
 */
export async function unsubscribe(token: string, now = new Date()): Promise<boolean> {
  const id = await subscriberOfUnsubscribeToken(token);
  if (id === null) return false;
  await db.newsletterSubscriber.updateMany({
    where: { id, state: { not: "unsubscribed" } },
    data: { state: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null },
  });
  return true;
}

/** Janitor: sign-ups never confirmed within 7 days are deleted, with what they kept. */
export async function purgeUnconfirmedSignups(now = Date.now()): Promise<number> {
  const { count } = await db.newsletterSubscriber.deleteMany({ where: { state: "pending", signedUpAt: { lt: new Date(now - PENDING_KEEP_MS) } } });
  return count;
}

export async function subscriberCounts(): Promise<Record<SubscriberState, number>> {
  const groups = await db.newsletterSubscriber.groupBy({ by: ["state"], _count: { _all: true } });
  const counts: Record<SubscriberState, number> = { pending: 0, active: 0, unsubscribed: 0 };
  for (const group of groups) if (group.state in counts) counts[group.state as SubscriberState] = group._count._all;
  return counts;
}

const subscriberSelect = {
  id: true,
  email: true,
  lang: true,
  state: true,
  signedUpAt: true,
  confirmedAt: true,
  unsubscribedAt: true,
  signupIp: true,
  confirmIp: true,
  consentVersion: true,
} as const;

export type SubscriberRow = {
  id: number;
  email: string;
  lang: string;
  state: string;
  signedUpAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  signupIp: string;
  confirmIp: string | null;
  consentVersion: string;
};

/** Subscribers matching `q` (in their address), newest sign-up first, paged in SQL. */
export async function listSubscribers(request: ListRequest<{ q?: string; state?: SubscriberState }>) {
  const { q, state } = request.filter ?? {};
  const where = { AND: [q ? { email: containsIgnoringCase(q) } : {}, state ? { state } : {}] };
  const [rows, total] = await Promise.all([
    db.newsletterSubscriber.findMany({ where, select: subscriberSelect, orderBy: [{ signedUpAt: "desc" }, { id: "desc" }], ...pageWindow(request) }),
    db.newsletterSubscriber.count({ where }),
  ]);
  return { rows, total };
}

/** The address of subscriber `id`, for the admin's confirmation of its erasure; null when unknown. */
export async function subscriberEmail(id: number): Promise<string | null> {
  const row = await db.newsletterSubscriber.findUnique({ where: { id }, select: { email: true } });
  return row?.email ?? null;
}

/** Erasure on request: the subscriber and its proof of consent go; the sends keep their figures. */
export async function deleteSubscriber(id: number): Promise<boolean> {
  const { count } = await db.newsletterSubscriber.deleteMany({ where: { id } });
  return count === 1;
}
