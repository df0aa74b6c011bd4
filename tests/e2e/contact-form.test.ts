import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acceptCookies, browserPerWorker } from "../support/browser";
import { startServer, type TestServer } from "../support/server";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { defined } from "../support/present";

let server: TestServer;
const browser = browserPerWorker();
let smtp: SmtpCapture;
let sqlite: Database.Database;

beforeAll(async () => {
  // The site delivers contact messages to a real SMTP server on a free local port.
  smtp = await startSmtpCapture();
  server = await startServer({ env: { SMTP_URL: smtp.url, CONTACT_TO: "studio@composer.test", CONTACT_EMAIL: "info@composer.test" } });
  sqlite = new Database(path.join(server.dataDir, "app.db"), { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
});

afterAll(async () => {
  sqlite?.close();
  await server?.stop();
  await smtp?.close();
});

/** Polls a condition (database row, delivered mail) until it holds. */
function until<T>(read: () => T | undefined | null | false, what: string, timeout = 20_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = read();
      if (!value) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout, interval: 50 },
  );
}

const answerOf = (captchaId: string) => (sqlite.prepare("SELECT answer FROM Captcha WHERE id = ?").get(captchaId) as { answer: string } | undefined)?.answer;
const messagesFrom = (email: string) =>
  sqlite.prepare("SELECT name, email, description, deliveredAt, attempts FROM ContactMessage WHERE email = ? ORDER BY id").all(email) as {
    name: string;
    email: string;
    description: string;
    deliveredAt: unknown;
    attempts: number;
  }[];

async function captchaIdOn(page: Page) {
  return (await page.locator('input[name="captcha_id"]').inputValue()) as string;
}

/** Each visitor gets an address of its own (the server trusts X-Forwarded-For here): captchas are limited per address. */
let visitors = 0;
const ownAddress = () => ({ "X-Forwarded-For": `198.18.${Math.floor(++visitors / 250)}.${visitors % 250}` });

async function openPage(js: boolean, path: string) {
  const { context, errors } = await browser.newContext({ javaScriptEnabled: js, extraHTTPHeaders: ownAddress() });
  await acceptCookies(context, server.url);
  const page = await context.newPage();
  expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200);
  if (js) await page.locator('.contact-form[data-hydrated="true"]').waitFor();
  return { context, errors, page };
}

/** Clicks a submit button and answers the status of the POST it made. */
async function postBy(page: Page, button: string) {
  // The answer's page must have loaded before the caller reads it: the response alone arrives first.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.waitForEvent("load"),
    page.locator(`button[name="intent"][value="${button}"]`).click(),
  ]);
  return response.status();
}

/**
 * Console errors other than Chromium's own network line for the intended 400 answers
 * (a refused form post answers 400 by design, DESIGN.md "Forms").
 */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of 400/.test(e));

const errorsShown = (page: Page) => page.locator(".field__error").allTextContents();

describe("contact form without JavaScript (native posts)", () => {
  it("shows each validation message only after a send, keeps typed values, rejects a wrong captcha and sends with the right one", async () => {
    const { context, errors, page } = await openPage(false, "/contacts");
    expect(await page.locator('a[href="mailto:info@composer.test"]').textContent()).toBe("info@composer.test");
    expect(await page.locator('a[href="/privacy-policy"]').count()).toBeGreaterThan(0);
    expect(await errorsShown(page)).toEqual([]);
    expect(await page.locator(".captcha__image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Empty send: every field is mandatory, and the captcha is missing.
    expect(await postBy(page, "send")).toBe(400);
    expect(await errorsShown(page)).toEqual([
      "Campo obbligatorio",
      "Campo obbligatorio",
      "Campo obbligatorio",
      "Campo obbligatorio",
      "Il codice inserito non è corretto.",
    ]);

    // Bad e-mail; typed values come back.
    await page.fill("#contact-name", "Mario Rossi");
    await page.fill("#contact-email", "mario@rossi");
    await page.fill("#contact-description", "Vorrei informazioni sulle colonne sonore.");
    expect(await postBy(page, "send")).toBe(400);
    expect(await page.locator("#contact-email-error").textContent()).toBe("Email non valida");
    expect(await page.locator("#contact-privacy-error").textContent()).toBe("Campo obbligatorio");
    expect(await page.locator("#contact-name").inputValue()).toBe("Mario Rossi");
    expect(await page.locator("#contact-name-error").count()).toBe(0);

    // Refresh without JavaScript: a new captcha, the typed values stay.
    const before = await captchaIdOn(page);
    expect(await postBy(page, "refresh")).toBe(200);
    expect(await captchaIdOn(page)).not.toBe(before);
    expect(await page.locator("#contact-description").inputValue()).toBe("Vorrei informazioni sulle colonne sonore.");
    expect(await errorsShown(page)).toEqual([]);

    // Wrong code: only the captcha message, and a fresh captcha.
    await page.fill("#contact-email", "mario.rossi@example.com");
    await page.check("#contact-privacy");
    const wrongFor = await captchaIdOn(page);
    await page.fill("#contact-captcha", "WRONG");
    expect(await postBy(page, "send")).toBe(400);
    expect(await errorsShown(page)).toEqual(["Il codice inserito non è corretto."]);
    expect(await captchaIdOn(page)).not.toBe(wrongFor);
    expect(answerOf(wrongFor)).toBeUndefined(); // used up

    // Right code (typed in lower case): sent, saved, delivered.
    const id = await captchaIdOn(page);
    await page.check("#contact-privacy");
    await page.fill("#contact-captcha", answerOf(id)!.toLowerCase());
    expect(await postBy(page, "send")).toBe(200);
    expect(await page.locator(".alert--success .alert__title").textContent()).toBe("Richiesta inviata");
    expect(await page.locator(".alert--success").textContent()).toContain("La richiesta è stata inviata con successo, sarai ricontattato al più presto.");
    expect(await page.locator("#contact-name").inputValue()).toBe("");
    expect(await page.locator("#contact-privacy").isChecked()).toBe(false);
    expect(await captchaIdOn(page)).not.toBe(id);

    const [row] = await until(() => {
      const rows = messagesFrom("mario.rossi@example.com");
      return rows.length === 1 && rows[0]?.deliveredAt ? rows : null;
    }, "the message to be saved and delivered");
    expect(row).toMatchObject({ name: "Mario Rossi", description: "Vorrei informazioni sulle colonne sonore.", attempts: 1 });
    const mail = await until(() => smtp.mails.find((m) => m.raw.includes("mario.rossi@example.com")), "the e-mail");
    expect(mail.to).toEqual(["studio@composer.test"]);
    expect(mail.raw).toMatch(/Reply-To: .*mario\.rossi@example\.com/i);
    expect(mail.raw).toContain("Vorrei informazioni sulle colonne sonore.");
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe("contact form with JavaScript", () => {
  it("checks fields before posting, upper-cases the code, refreshes in place, sends and scrolls to the form", async () => {
    const { context, errors, page } = await openPage(true, "/en/contacts");
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    expect(await page.locator('a[href="/en/privacy-policy"]').count()).toBeGreaterThan(0);

    await page.locator('button[value="send"]').click();
    await page.locator("#contact-name-error").waitFor();
    expect(await errorsShown(page)).toEqual(["Mandatory field", "Mandatory field", "Mandatory field", "Mandatory field", "The code entered is not correct."]);
    expect(posts).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contact-name");

    await page.fill("#contact-name", "Jane Doe");
    await page.fill("#contact-email", "jane at example.com");
    await page.locator('button[value="send"]').click();
    await page.locator("#contact-email-error", { hasText: "Invalid email" }).waitFor();
    expect(await page.locator("#contact-name-error").count()).toBe(0);

    // The code is upper-cased as typed.
    await page.locator("#contact-captcha").pressSequentially("ab3d");
    expect(await page.locator("#contact-captcha").inputValue()).toBe("AB3D");

    // Refresh: a new picture without leaving the page; typed values stay.
    const firstId = await captchaIdOn(page);
    await page.locator('button[value="refresh"]').click();
    await page.waitForFunction((old) => (document.querySelector('input[name="captcha_id"]') as HTMLInputElement).value !== old, firstId);
    const secondId = await captchaIdOn(page);
    expect(await page.locator(".captcha__image").getAttribute("src")).toBe(`/captcha/${secondId}`);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".captcha__image");
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(await page.locator("#contact-name").inputValue()).toBe("Jane Doe");
    expect(page.url()).toBe(`${server.url}/en/contacts`);

    // The server still checks the code: a wrong one is refused in English.
    await page.fill("#contact-email", "jane.doe@example.com");
    await page.fill("#contact-description", "Hello, I would like to license a track.");
    await page.check("#contact-privacy");
    await page.fill("#contact-captcha", "NOPE1");
    await page.locator('button[value="send"]').click();
    await page.locator("#contact-captcha-error", { hasText: "The code entered is not correct." }).waitFor();
    await page.waitForFunction((old) => (document.querySelector('input[name="captcha_id"]') as HTMLInputElement).value !== old, secondId);
    expect(await page.locator("#contact-captcha").inputValue()).toBe("");
    expect(await page.locator("#contact-description").inputValue()).toBe("Hello, I would like to license a track.");

    // The right code: the success alert, cleared form, a fresh captcha, scrolled to 250 px above the form.
    const thirdId = await captchaIdOn(page);
    await page.fill("#contact-captcha", answerOf(thirdId)!);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // Hold the post until the button has said "Sending..." (and is disabled).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/contacts.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.locator('button[value="send"]').click();
    await page.locator('button[value="send"]', { hasText: "Sending..." }).waitFor();
    expect(await page.locator('button[value="send"]').isDisabled()).toBe(true);
    release();
    await page.locator(".alert--success .alert__title", { hasText: "Request sent" }).waitFor();
    await page.unroute("**/contacts.data*");
    expect(await page.locator('button[value="send"]').textContent()).toBe("Send");
    expect(await page.locator(".alert--success").textContent()).toContain("The request has been sent successfully, you will be contacted soon.");
    expect(await page.locator("#contact-name").inputValue()).toBe("");
    expect(await page.locator("#contact-email").inputValue()).toBe("");
    expect(await page.locator("#contact-description").inputValue()).toBe("");
    expect(await page.locator("#contact-privacy").isChecked()).toBe(false);
    expect(await captchaIdOn(page)).not.toBe(thirdId);
    await page.waitForFunction(() => {
      const form = document.querySelector("#contact-form")!;
      const top = form.getBoundingClientRect().top + window.scrollY;
      return Math.abs(window.scrollY - Math.max(0, top - 250)) < 2;
    });

    await until(() => messagesFrom("jane.doe@example.com")[0]?.deliveredAt, "delivery");
    expect(smtp.mails.some((m) => m.raw.includes("Hello, I would like to license a track."))).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe("contact form spam protection (HTTP)", () => {
  async function freshCaptcha(headers: Record<string, string> = ownAddress()) {
    const html = await (await fetch(`${server.url}/contacts`, { headers })).text();
    const id = defined(/name="captcha_id" value="([^"]+)"/.exec(html)?.[1], "captcha_id");
    return { id, answer: defined(answerOf(id), "captcha answer") };
  }
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/contacts`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ intent: "send", name: "Bot", email: "bot@example.com", description: "Buy now", privacy: "on", ...fields }),
    });

  it("serves the captcha picture (a PNG) until it is used, and never again after", async () => {
    const { id, answer } = await freshCaptcha();
    const image = await fetch(`${server.url}/captcha/${id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("no-store");
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    const first = await post({ captcha_id: id, captcha_value: answer, email: "single-use@example.com" }, { "X-Forwarded-For": "198.51.100.1" });
    expect(first.status).toBe(200);
    const again = await post({ captcha_id: id, captcha_value: answer, email: "single-use@example.com" }, { "X-Forwarded-For": "198.51.100.1" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Il codice inserito non è corretto.");
    expect((await fetch(`${server.url}/captcha/${id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/captcha/not-a-captcha`)).status).toBe(404);
  });

  it("answers a filled honeypot like a success but saves and sends nothing", async () => {
    const { id, answer } = await freshCaptcha();
    const res = await post(
      { captcha_id: id, captcha_value: answer, email: "honeypot@example.com", website: "http://spam.example" },
      { "X-Forwarded-For": "198.51.100.2" },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Richiesta inviata");
    expect(messagesFrom("honeypot@example.com")).toEqual([]);
  });

  it("limits messages per address with a clear message and 429", async () => {
    const ip = { "X-Forwarded-For": "203.0.113.7, 10.0.0.1" };
    for (let i = 0; i < 5; i++) {
      const { id, answer } = await freshCaptcha();
      const res = await post({ captcha_id: id, captcha_value: answer, email: "flood@example.com" }, ip);
      expect(res.status, `message ${i + 1}`).toBe(200);
    }
    const { id, answer } = await freshCaptcha();
    const limited = await post({ captcha_id: id, captcha_value: answer, email: "flood@example.com" }, ip);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Hai inviato troppe richieste. Riprova tra qualche minuto.");
    expect(messagesFrom("flood@example.com")).toHaveLength(5);
    // Another address is not affected.
    const other = await freshCaptcha();
    const ok = await post({ captcha_id: other.id, captcha_value: other.answer, email: "other@example.com" }, { "X-Forwarded-For": "203.0.113.8" });
    expect(ok.status).toBe(200);
  });
});
