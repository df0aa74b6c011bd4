import crypto from "node:crypto";
import { createChallenge, type Challenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import * as svgCaptchaModule from "svg-captcha";
import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";
import { hit, limitForAddress } from "./rate-limit.server";

/** Captchas live 10 minutes and are single use (SPEC.md 4, 7). */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
const CAPTCHA_LENGTH = 5;
// No look-alikes (0/O, 1/I/L): the code is upper-cased as typed.
const CAPTCHA_CHARS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** The picture is drawn at twice the size the page shows (180 x 60), for sharp screens. */
const IMAGE = { width: 360, height: 120, background: { r: 244, g: 243, b: 240 } } as const;

// svg-captcha is CommonJS and its module.exports is the render function (missing from its types).
// It only turns the characters into outlines of its bundled font: that SVG never leaves the server
// (its path commands name each character; docs/decisions/014-captcha.md).
type RenderOutlines = (text: string, options?: Record<string, unknown>) => string;
const renderOutlines: RenderOutlines = (svgCaptchaModule as unknown as { default?: RenderOutlines }).default ?? (svgCaptchaModule as unknown as RenderOutlines);

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

/** A captcha as the contact page shows it: the picture, and the proof-of-work challenge for the widget (JSON). */
export type PageCaptcha = CaptchaRef & { challenge: string };

/** `createCaptcha` plus its proof-of-work challenge; null past the address's limit. */
export async function createPageCaptcha(address: string, now = new Date()): Promise<PageCaptcha | null> {
  const captcha = await createCaptcha(address, now);
  if (!captcha) return null;
  return { ...captcha, challenge: JSON.stringify(await proofOfWorkChallenge(captcha.id, now)) };
}

export async function purgeExpiredCaptchas(now = new Date()): Promise<number> {
  const { count } = await db.captcha.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}

/**
 * Pictures a client address may fetch per minute. A contact page shows one (a reload or a new code, one
 * more); past this, /captcha/{id} answers 429, so nobody can make the server draw without end.
 */
export const CAPTCHA_IMAGE_LIMIT = { limit: 30, windowMs: 60 * 1000 };

/**
 * Each captcha's picture, drawn once and kept until the captcha expires (issue 34, finding 9): drawing
 * anew on every request cost about 80 ms of CPU each, and 60 pictures of one code averaged read its
 * answer. The promise is kept, so requests arriving while it is drawn share the one drawing. Bounded:
 * about 10 KB a picture; an evicted one is drawn again (another instance draws its own, as rare).
 */
const pictures = new LRUCache<string, Promise<Buffer>>({ max: 1000, ttl: CAPTCHA_TTL_MS });

/** The PNG picture of a live captcha; null when it is unknown, used or expired; "limited" past the address's limit. */
export async function captchaImage(id: string, address: string, now = new Date()): Promise<Buffer | "limited" | null> {
  if (!id || id.length > 64) return null;
  const allowed = await hit(`captcha-image:${address}`, limitForAddress(address, CAPTCHA_IMAGE_LIMIT.limit), CAPTCHA_IMAGE_LIMIT.windowMs, now);
  if (!allowed.allowed) return "limited";
  const row = await db.captcha.findUnique({ where: { id }, select: { answer: true, expiresAt: true } });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  let picture = pictures.get(id);
  if (!picture) {
    picture = drawCaptcha(row.answer);
    pictures.set(id, picture, { ttl: Math.max(1, row.expiresAt.getTime() - now.getTime()) });
    picture.catch(() => pictures.delete(id));
  }
  return picture;
}

/**
 * Pixels only: the font outlines are rasterised, bent by two random waves, crossed by random
 * curves and dotted, then reduced to a small palette. Every call draws anew, so two captchas with one
 * code differ and nothing in the bytes maps to a character; each captcha is drawn once (captchaImage).
 */
async function drawCaptcha(answer: string): Promise<Buffer> {
  const { width, height, background } = IMAGE;
  // Dark grey characters (svg-captcha's `color: false`) on the light background: readable contrast.
  const outlines = renderOutlines(answer, { width, height, fontSize: 150, noise: 2, color: false });
  const { data, info } = await sharp(Buffer.from(outlines)).flatten({ background }).raw().toBuffer({ resolveWithObject: true });
  const pixels = warp(data, info.width, info.height, info.channels, background);
  const clutter = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${noiseCurves(width, height, 3)}${noiseDots(width, height, 140)}</svg>`,
  );
  return sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([{ input: clutter }])
    .png({ palette: true, colours: 48, compressionLevel: 9 })
    .toBuffer();
}

/** Moves every pixel along two sine waves of random length, height and phase (nearest neighbour). */
function warp(src: Buffer, width: number, height: number, channels: number, background: { r: number; g: number; b: number }): Buffer {
  const out = Buffer.alloc(src.length);
  const ax = 4 + Math.random() * 5;
  const ay = 5 + Math.random() * 6;
  const px = 70 + Math.random() * 60;
  const py = 90 + Math.random() * 80;
  const fx = Math.random() * 2 * Math.PI;
  const fy = Math.random() * 2 * Math.PI;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.round(x + ax * Math.sin((2 * Math.PI * y) / py + fx));
      const sy = Math.round(y + ay * Math.sin((2 * Math.PI * x) / px + fy));
      const to = (y * width + x) * channels;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) {
        out[to] = background.r;
        out[to + 1] = background.g;
        out[to + 2] = background.b;
        continue;
      }
      src.copy(out, to, (sy * width + sx) * channels, (sy * width + sx) * channels + channels);
    }
  }
  return out;
}

const randomColor = (min: number, max: number) => `rgb(${randomInt(max, min)},${randomInt(max, min)},${randomInt(max, min)})`;

function noiseCurves(width: number, height: number, count: number): string {
  return Array.from({ length: count }, () => {
    const y = () => randomInt(height - 10, 10);
    const d = `M${randomInt(30, 0)} ${y()} C${randomInt(width / 2, 40)} ${y()},${randomInt(width - 40, width / 2)} ${y()},${randomInt(width, width - 30)} ${y()}`;
    return `<path d="${d}" stroke="${randomColor(30, 110)}" stroke-width="${randomInt(4, 2)}" fill="none"/>`;
  }).join("");
}

function noiseDots(width: number, height: number, count: number): string {
  return Array.from(
    { length: count },
    () => `<circle cx="${randomInt(width, 0)}" cy="${randomInt(height, 0)}" r="${randomInt(3, 1)}" fill="${randomColor(90, 200)}"/>`,
  ).join("");
}

/**
 * The proof-of-work alternative to reading the picture (docs/decisions/014-captcha.md): an ALTCHA
 * challenge bound to one captcha row. Solving it stands for typing that captcha's code, so it is
 * single use and limited per address like the picture, and expires with it. The browser tries
 * about 1,000 to 5,000 keys of 1,000 PBKDF2 rounds each (well under a second to a few seconds on
 * a phone); the server derives one key to make it and one to check it.
 */
async function proofOfWorkChallenge(captchaId: string, now = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: 1_000,
    counter: randomInt(5_000, 1_000),
    deriveKey,
    data: { captchaId },
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    hmacSignatureSecret: proofOfWorkSecret(),
  });
}

/** A key of its own for signing challenges, derived from the site's secret (no new setting). */
function proofOfWorkSecret(): string {
  return crypto.createHmac("sha256", getEnv().sessionSecret).update("captcha proof of work").digest("hex");
}

/** The widget's payload: base64 of `{challenge, solution}`; anything else is no proof. */
async function proofOfWorkSolves(captchaId: string, payload: string): Promise<boolean> {
  if (payload.length > 4096) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return false;
  }
  if (!parsed || typeof parsed !== "object") return false;
  const { challenge, solution } = parsed as { challenge?: unknown; solution?: unknown };
  if (!challenge || typeof challenge !== "object" || !solution || typeof solution !== "object") return false;
  const parameters = (challenge as { parameters?: unknown }).parameters;
  if (!parameters || typeof parameters !== "object" || (parameters as { data?: { captchaId?: unknown } }).data?.captchaId !== captchaId) return false;
  try {
    const result = await verifySolution({
      challenge: challenge as Challenge,
      solution: solution as Parameters<typeof verifySolution>[0]["solution"],
      deriveKey,
      hmacSignatureSecret: proofOfWorkSecret(),
    });
    return result.verified;
  } catch {
    // Malformed parameters (a forged algorithm, an odd hex string) make the library throw.
    return false;
  }
}

/** What a visitor sent for a captcha: the code read off the picture, or the widget's proof of work. */
export type CaptchaAnswer = { code?: string | null; proofOfWork?: string | null };

/**
 * Checks a captcha and deletes it, right or wrong: a captcha can be tried once. A typed code is
 * checked against the picture (case and surrounding spaces do not matter); with no code typed, a
 * proof of work made for this captcha (`proofOfWorkChallenge`) is checked instead. A bare string
 * is a typed code.
 */
export async function verifyCaptcha(id: string | null | undefined, answer: CaptchaAnswer | string | null | undefined, now = new Date()): Promise<boolean> {
  if (!id || id.length > 64) return false;
  const row = await db.captcha.findUnique({ where: { id }, select: { answer: true, expiresAt: true } });
  if (!row) return false;
  const { count } = await db.captcha.deleteMany({ where: { id } });
  // count 0: a concurrent request used it first.
  if (count === 0 || row.expiresAt.getTime() <= now.getTime()) return false;
  const { code, proofOfWork } = typeof answer === "object" && answer !== null ? answer : { code: answer, proofOfWork: null };
  const typed = (code ?? "").trim().toUpperCase();
  if (!typed) return proofOfWork ? proofOfWorkSolves(id, proofOfWork) : false;
  const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
  return crypto.timingSafeEqual(digest(typed), digest(row.answer.toUpperCase()));
}

/**
 * A proof of work on its own, with no captcha id beside it (the newsletter's sign-up call): the id is
 * the one the solved challenge names, and that captcha is used up like any other.
 */
export async function verifyProofOfWork(payload: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!payload || payload.length > 4096) return false;
  let captchaId: unknown;
  try {
    captchaId = (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { challenge?: { parameters?: { data?: { captchaId?: unknown } } } })?.challenge
      ?.parameters?.data?.captchaId;
  } catch {
    return false;
  }
  return typeof captchaId === "string" && verifyCaptcha(captchaId, { proofOfWork: payload }, now);
}
