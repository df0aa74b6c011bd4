import crypto from "node:crypto";
import * as svgCaptchaModule from "svg-captcha";
import { db } from "./db.server";
import { hit, limitForAddress } from "./rate-limit.server";

/** Captchas live 10 minutes and are single use (SPEC.md 4, 7). */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
const CAPTCHA_LENGTH = 5;
// No look-alikes (0/O, 1/I/L): the code is upper-cased as typed.
const CAPTCHA_CHARS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const RENDER = { width: 180, height: 60, fontSize: 56, noise: 3, color: true, background: "#f4f3f0" } as const;

// svg-captcha is CommonJS and its module.exports is the render function (missing from its types).
type RenderCaptcha = (text: string, options?: Record<string, unknown>) => string;
const renderCaptcha: RenderCaptcha =
  (svgCaptchaModule as unknown as { default?: RenderCaptcha }).default ?? (svgCaptchaModule as unknown as RenderCaptcha);

export type CaptchaRef = { id: string; url: string };

function captchaUrl(id: string): string {
  return `/captcha/${id}`;
}

function randomCode(): string {
  const bytes = crypto.randomBytes(CAPTCHA_LENGTH);
  return Array.from(bytes, (b) => CAPTCHA_CHARS[b % CAPTCHA_CHARS.length]).join("");
}

/**
 * Captchas a client address may have made per minute. Every contact page view and post makes
 * one, so this caps the rows an anonymous visitor can write; a person rarely needs more than a
 * few (the page, a wrong code, a new code).
 */
export const CAPTCHA_LIMIT = { limit: 10, windowMs: 60 * 1000 };

/**
 * A new captcha for a visitor at `address`: stored with its answer, addressed by an unguessable
 * id. Null when that address has made too many in the last minute.
 */
export async function createCaptcha(address: string, now = new Date()): Promise<CaptchaRef | null> {
  const allowed = await hit(`captcha:${address}`, limitForAddress(address, CAPTCHA_LIMIT.limit), CAPTCHA_LIMIT.windowMs, now);
  if (!allowed.allowed) return null;
  const id = crypto.randomUUID();
  await db.captcha.create({ data: { id, answer: randomCode(), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) } });
  // Housekeeping (through the expiresAt index): visitors who never send leave rows behind.
  await purgeExpiredCaptchas(now);
  return { id, url: captchaUrl(id) };
}

export async function purgeExpiredCaptchas(now = new Date()): Promise<number> {
  const { count } = await db.captcha.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}

/** The SVG picture of a live captcha, or null when it is unknown, used or expired. */
export async function captchaSvg(id: string, now = new Date()): Promise<string | null> {
  if (!id || id.length > 64) return null;
  const row = await db.captcha.findUnique({ where: { id }, select: { answer: true, expiresAt: true } });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return renderCaptcha(row.answer, { ...RENDER });
}

/**
 * Checks a typed code against the captcha and deletes the captcha, right or wrong: a code can be
 * tried once. Case and surrounding spaces do not matter.
 */
export async function verifyCaptcha(id: string | null | undefined, value: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!id || id.length > 64) return false;
  const row = await db.captcha.findUnique({ where: { id }, select: { answer: true, expiresAt: true } });
  if (!row) return false;
  const { count } = await db.captcha.deleteMany({ where: { id } });
  // count 0: a concurrent request used it first.
  if (count === 0 || row.expiresAt.getTime() <= now.getTime()) return false;
  const typed = (value ?? "").trim().toUpperCase();
  if (!typed) return false;
  const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
  return crypto.timingSafeEqual(digest(typed), digest(row.answer.toUpperCase()));
}
