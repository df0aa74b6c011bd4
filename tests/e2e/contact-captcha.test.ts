import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker } from "../support/browser";
import { row, rows } from "../support/db";
import { serverPerFile } from "../support/server";

const server = serverPerFile({ env: { SEED_DEMO: "0" } });
const browser = browserPerWorker();
const LIMIT = 10;

const captchaRows = () => row<{ n: number }>(server, "SELECT COUNT(*) AS n FROM Captcha").n;
const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });

describe("captcha rows per address", () => {
  it("stops writing captchas after a few page views a minute; the page says why, in the visitor's language, with 429", async () => {
    const before = captchaRows();
    for (let i = 0; i < LIMIT; i++) expect((await fetch(`${server.url}/contacts`, from("203.0.113.70"))).status).toBe(200);
    const limited = await fetch(`${server.url}/contacts`, from("203.0.113.70"));
    expect(limited.status).toBe(429);
    const html = await limited.text();
    expect(html).toContain("Hai chiesto troppi codici di verifica. Attendi un minuto, poi chiedi un nuovo codice.");
    expect(html).not.toContain('class="captcha__image"');
    const en = await fetch(`${server.url}/en/contacts`, from("203.0.113.70"));
    expect(en.status).toBe(429);
    expect(await en.text()).toContain("Too many verification codes were requested. Wait a minute, then ask for a new code.");
    // a flood of 30 more views writes nothing
    await Promise.all(Array.from({ length: 30 }, () => fetch(`${server.url}/contacts`, from("203.0.113.70")).then((r) => r.text())));
    expect(captchaRows() - before).toBe(LIMIT);
    // another visitor still gets a captcha
    expect((await fetch(`${server.url}/contacts`, from("203.0.113.71"))).status).toBe(200);
  });

  it("writes one captcha per native post, not one for the action and another for the page", async () => {
    const before = captchaRows();
    const res = await fetch(`${server.url}/contacts`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.75" },
      body: new URLSearchParams({ intent: "refresh", name: "Anna" }),
    });
    expect(res.status).toBe(200);
    const shown = /name="captcha_id" value="([^"]+)"/.exec(await res.text())?.[1];
    expect(captchaRows() - before).toBe(1);
    expect(rows(server, "SELECT id FROM Captcha WHERE id = ?", shown)).toHaveLength(1);
  });

  it("answers GET api/captcha-generator/ with 429 and a JSON error past the limit", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await fetch(`${server.url}/api/captcha-generator/`, from("203.0.113.80"))).status).toBe(200);
    const res = await fetch(`${server.url}/api/captcha-generator/`, from("203.0.113.80"));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await res.json()).toEqual({ error: "Hai chiesto troppi codici di verifica. Attendi un minuto, poi chiedi un nuovo codice." });
  });

  for (const [lang, path, text] of [
    ["it", "/contacts", "Hai chiesto troppi codici di verifica"],
    ["en", "/en/contacts", "Too many verification codes were requested"],
  ] as const) {
    it(`shows the form with the reason instead of the picture in Chromium (${lang})`, async () => {
      const address = lang === "it" ? "203.0.113.90" : "203.0.113.91";
      for (let i = 0; i < LIMIT; i++) await fetch(`${server.url}${path}`, from(address));
      const { context } = await browser.newContext({ javaScriptEnabled: true, extraHTTPHeaders: { "X-Forwarded-For": address } });
      await acceptCookies(context, server.url);
      const page = await context.newPage();
      expect((await page.goto(`${server.url}${path}`))?.status()).toBe(429);
      await expect.poll(() => page.locator(".captcha__limited").textContent()).toContain(text);
      expect(await page.locator(".captcha__image").count()).toBe(0);
      expect(await page.locator('button[value="send"]').isVisible()).toBe(true);
      await context.close();
    });
  }
});
