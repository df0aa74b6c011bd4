// Issue 37 in Chromium at 390 and 1440 px, JavaScript on and off, both languages (PAIRWISE): the footer's sign-up
// (shown because SMTP_URL points at a real SMTP server of the test), with JavaScript inline (the bot check comes in
// place, the answer is announced, no page change), without it through /newsletter's "what happens next" page; the
// confirmation mail's link and its button; /newsletter's own form inline (JavaScript on, 1440 px); nothing overflows
// a phone's width. Then the admin: the mail's preview in both languages displays under the site's CSP, and a small
// send's figures follow it live. The rules (double opt-in, tokens, limits, the send's exactly-once) are proven over
// HTTP in newsletter.test.ts.
import { beforeAll, afterAll, expect, it, vi } from "vitest";
import type { Page } from "playwright-core";
import { signIn } from "../support/auth";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { row, rows, run } from "../support/db";
import { appPerFile } from "../support/in-process";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { configName, localized, PAIRWISE } from "../support/survey";

const smtp = {} as SmtpCapture;
// A mail each two thirds of a second: a small send lasts long enough for its figures to be seen moving.
const env: Record<string, string> = { NEWSLETTER_RATE_PER_MIN: "90" };
beforeAll(async () => {
  await startSmtpCapture(smtp);
  env.SMTP_URL = smtp.url;
});
afterAll(() => smtp.close());
const server = appPerFile({ env });
const browser = browserPerWorker();

const TEXTS = {
  it: {
    subscribe: "Iscriviti",
    code: "Codice di verifica",
    inbox: "Controlla la tua casella",
    confirm: "Conferma l'iscrizione",
    confirmed: "Iscrizione confermata",
  },
  en: { subscribe: "Subscribe", code: "Verification code", inbox: "Check your inbox", confirm: "Confirm", confirmed: "Subscription confirmed" },
};

const until = <T>(read: () => T | undefined | null | false) =>
  vi.waitFor(
    () => {
      const value = read();
      if (!value) throw new Error("not yet");
      return value;
    },
    { timeout: 15_000, interval: 50 },
  );

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const answerOf = (captchaId: string) => row<{ answer: string }>(server, "SELECT answer FROM Captcha WHERE id = ?", captchaId).answer;

for (const config of PAIRWISE) {
  it(`signing up from the footer and confirming (${configName(config)})`, async () => {
    const { context, errors } = await browser.newContext({ javaScriptEnabled: config.javaScriptEnabled, viewport: { width: config.width, height: 900 } });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    const t = TEXTS[config.lang];
    const email = `reader-${config.width}-${config.lang}@example.org`;
    await visit(page, `${server.url}${localized("/news", config.lang)}`);
    const footer = page.locator("form.newsletter-footer");
    await footer.scrollIntoViewIfNeeded();
    expect(await footer.isVisible()).toBe(true);
    expect(await overflow(page), "horizontal overflow").toBeLessThanOrEqual(0);
    await footer.locator('input[name="email"]').fill(email);
    await footer.locator('select[name="lang"]').selectOption(config.lang);
    await footer.locator('input[name="consent"]').check();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await footer.getByRole("button", { name: t.subscribe }).click();

    if (config.javaScriptEnabled) {
      // In place: the bot check, its code's field focused, then the answer announced in the footer.
      const code = footer.getByLabel(t.code);
      await code.waitFor();
      await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
      const captchaId = footer.locator('input[name="captcha_id"]');
      await expect.poll(() => captchaId.inputValue()).not.toBe("");
      await expect.poll(() => footer.locator(".captcha__image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await overflow(page), "horizontal overflow with the check").toBeLessThanOrEqual(0);
      await code.fill(answerOf(await captchaId.inputValue()));
      await footer.getByRole("button", { name: t.subscribe }).click();
      await footer.getByRole("status").getByText(t.inbox).waitFor();
      expect(page.url()).toBe(`${server.url}${localized("/news", config.lang)}`);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } else {
      // A native post: /newsletter asks for the check, with what was typed kept, then says what happens next.
      await page.waitForURL(`${server.url}${localized("/newsletter", config.lang)}`);
      const form = page.locator("form.newsletter-form");
      expect(await form.locator('input[name="email"]').inputValue()).toBe(email);
      expect(await overflow(page), "horizontal overflow on /newsletter").toBeLessThanOrEqual(0);
      await form.getByLabel(t.code).fill(answerOf(await form.locator('input[name="captcha_id"]').inputValue()));
      await form.getByRole("button", { name: t.subscribe }).click();
      await page.getByRole("status").getByText(t.inbox).waitFor();
    }

    const mail = await until(() => smtp.mails.find((m) => m.to.includes(email)));
    const link = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\/[A-Za-z0-9_-]{32}/.exec(mail.raw.replace(/=\r?\n/g, ""))?.[0] ?? "";
    expect(link).toContain(localized("/newsletter/confirm/", config.lang));
    await visit(page, link);
    expect(await overflow(page), "horizontal overflow on the confirmation page").toBeLessThanOrEqual(0);
    expect(row(server, "SELECT state FROM NewsletterSubscriber WHERE email = ?", email)).toEqual({ state: "pending" });
    await page.getByRole("button", { name: t.confirm, exact: true }).click();
    await page.getByText(t.confirmed).waitFor();
    expect(row(server, "SELECT state, lang FROM NewsletterSubscriber WHERE email = ?", email)).toEqual({ state: "active", lang: config.lang });

    if (config.javaScriptEnabled && config.width === 1440) {
      // /newsletter's own form posts inline too: the answer in place, the page kept.
      await visit(page, `${server.url}${localized("/newsletter", config.lang)}`);
      const form = page.locator("form.newsletter-form");
      await form.locator('input[name="email"]').fill(`page-${email}`);
      await form.locator('input[name="consent"]').check();
      await form.getByLabel(t.code).fill(answerOf(await form.locator('input[name="captcha_id"]').inputValue()));
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await form.getByRole("button", { name: t.subscribe }).click();
      await page.locator("main").getByRole("status").getByText(t.inbox).waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await until(() => smtp.mails.some((m) => m.to.includes(`page-${email}`)));
    }
    expect(errors).toEqual([]);
  });
}

it("the admin: the mail's preview in both languages displays under the site's CSP, and a small send's figures follow it live", async () => {
  const { context, errors } = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signIn(context, server);
  const page = await context.newPage();
  const news = row<{ slug: string; title: string; titleEng: string }>(
    server,
    "SELECT slug, title, titleEng FROM News WHERE status = 'published' AND image IS NOT NULL ORDER BY date DESC LIMIT 1",
  );
  const policyViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  await visit(page, `${server.url}/admin/newsList/${news.slug}/newsletter`);
  for (const [lang, title] of [
    ["it", news.title],
    ["en", news.titleEng],
  ] as const) {
    const frame = page.locator(`.newsletter-preview[data-lang="${lang}"] iframe`);
    await frame.scrollIntoViewIfNeeded();
    const box = await frame.boundingBox();
    expect(box?.height ?? 0, `${lang} preview's height`).toBeGreaterThan(200);
    // Its content drawn, its picture loaded: the sandboxed document gets through the site's policy.
    const body = frame.contentFrame().locator("body");
    await expect.poll(() => body.innerText()).toContain(title);
    await expect
      .poll(() =>
        frame
          .contentFrame()
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  }
  expect(policyViolations).toEqual([]);

  // Three subscribers, a send at 90 a minute: the figures move while the page stays, and stop once done.
  run(
    server,
    "INSERT INTO NewsletterSubscriber (email, lang, state, signedUpAt) VALUES ('live1@example.org', 'it', 'active', 0), ('live2@example.org', 'en', 'active', 0), ('live3@example.org', 'it', 'active', 0)",
  );
  const active = rows<{ n: number }>(server, "SELECT COUNT(*) AS n FROM NewsletterSubscriber WHERE state = 'active'")[0]?.n ?? 0;
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByLabel("Confermo l'invio a tutti gli iscritti attivi").check();
  await page.getByRole("button", { name: "Invia la newsletter" }).click();
  const send = page.locator(".newsletter-sends tr[data-send]").first();
  await send.waitFor();
  await expect.poll(() => send.locator('[data-figure="total"]').innerText()).toBe(String(active));
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        seen.add(await send.locator('[data-figure="sent"]').innerText());
        return send.getAttribute("data-state");
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe("done");
  expect(await send.locator('[data-figure="sent"]').innerText()).toBe(String(active));
  // Seen part way (at least one figure between none and all) without reloading: the polled route, not a navigation.
  expect(
    [...seen].some((n) => Number(n) > 0 && Number(n) < active),
    `figures seen: ${[...seen].join(", ")}`,
  ).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
}, 40_000);
