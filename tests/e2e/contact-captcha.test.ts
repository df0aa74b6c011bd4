import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker } from "../support/browser";
import { row, rows, run } from "../support/db";
import { defined } from "../support/present";
import { serverPerFile } from "../support/server";

const server = serverPerFile({ env: { SEED_DEMO: "0" } });
const browser = browserPerWorker();
const LIMIT = 10;

const captchaRows = () => row<{ n: number }>(server, "SELECT COUNT(*) AS n FROM Captcha").n;
const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
/** The captcha part of the contact form's HTML, from its field to the send button (empty when there is no such field). */
function captchaField(html: string): string {
  const start = html.indexOf('<div class="field field--captcha">');
  return start < 0 ? "" : html.slice(start, html.indexOf('value="send"', start));
}

describe("captcha rows per address", () => {
  it("stops writing captchas after a few page views a minute, but the page still answers 200 and says why next to the captcha, in the visitor's language", async () => {
    const before = captchaRows();
    for (let i = 0; i < LIMIT; i++) expect((await fetch(`${server.url}/contacts`, from("203.0.113.70"))).status).toBe(200);
    const limited = await fetch(`${server.url}/contacts`, from("203.0.113.70"));
    expect(limited.status).toBe(200);
    const html = await limited.text();
    expect(captchaField(html)).toContain("Hai chiesto troppi codici di verifica. Attendi un minuto, poi chiedi un nuovo codice.");
    expect(html).not.toContain('class="captcha__image"');
    // the rest of the form is there
    for (const name of ["name", "email", "description", "privacy", "captcha_value"]) expect(html).toContain(`name="${name}"`);
    const en = await fetch(`${server.url}/en/contacts`, from("203.0.113.70"));
    expect(en.status).toBe(200);
    expect(captchaField(await en.text())).toContain("Too many verification codes were requested. Wait a minute, then ask for a new code.");
    // a flood of 30 more views writes nothing, and every one is a page
    const flood = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${server.url}/contacts`, from("203.0.113.70")).then(async (r) => [r.status, await r.text()] as const)),
    );
    expect(flood.map(([status]) => status)).toEqual(Array.from({ length: 30 }, () => 200));
    expect(captchaRows() - before).toBe(LIMIT);
    // another visitor still gets a captcha
    expect(captchaField(await (await fetch(`${server.url}/contacts`, from("203.0.113.71"))).text())).toContain('class="captcha__image"');
  });

  it("answers a send from the over-limit page (no captcha) with 400 and clear messages, not 500", async () => {
    const address = "203.0.113.72";
    for (let i = 0; i < LIMIT; i++) await fetch(`${server.url}/contacts`, from(address));
    const res = await fetch(`${server.url}/en/contacts`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
      body: new URLSearchParams({
        intent: "send",
        name: "Anna",
        email: "anna@example.com",
        description: "Hello",
        privacy: "on",
        captcha_id: "",
        captcha_value: "",
      }),
    });
    expect(res.status).toBe(400);
    const field = captchaField(await res.text());
    expect(field).toContain("The code entered is not correct.");
    expect(field).toContain("Too many verification codes were requested. Wait a minute, then ask for a new code.");
    expect(rows(server, "SELECT id FROM ContactMessage WHERE email = 'anna@example.com'")).toEqual([]);
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
      expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200);
      await expect.poll(() => page.locator(".captcha__limited").textContent()).toContain(text);
      expect(await page.locator(".captcha__image").count()).toBe(0);
      expect(await page.locator('button[value="send"]').isVisible()).toBe(true);
      await context.close();
    });
  }
});

describe("the captcha picture", () => {
  it("is a PNG whose bytes hold no markup and no trace of the answer (api/captcha-generator/ shape kept)", async () => {
    const made = await fetch(`${server.url}/api/captcha-generator/`, from("203.0.113.100"));
    expect(made.status).toBe(200);
    const { captcha_id: id, captcha_url: url } = (await made.json()) as { captcha_id: string; captcha_url: string };
    expect(url).toBe(`/captcha/${id}`);
    const answer = row<{ answer: string }>(server, "SELECT answer FROM Captcha WHERE id = ?", id).answer;

    const image = await fetch(`${server.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("no-store");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const text = bytes.toString("latin1");
    for (const markup of ["<svg", "<path", "<text", "<?xml"]) expect(text).not.toContain(markup);
    expect(text).not.toContain(answer);
    expect(text.toLowerCase()).not.toContain(answer.toLowerCase());
    // Only pixels: no text chunk (tEXt, zTXt, iTXt) that could carry the answer, even compressed.
    const chunks = pngChunkTypes(bytes);
    expect(chunks).toContain("IDAT");
    expect(chunks.filter((type) => ["tEXt", "zTXt", "iTXt", "eXIf"].includes(type))).toEqual([]);
    const { width, height, format } = await sharp(bytes).metadata();
    expect({ width, height, format }).toEqual({ width: 360, height: 120, format: "png" });
  });

  it("differs between two captchas with the same answer (noise and distortion are drawn anew)", async () => {
    const ids = [];
    for (let i = 0; i < 2; i++)
      ids.push(((await (await fetch(`${server.url}/api/captcha-generator/`, from("203.0.113.101"))).json()) as { captcha_id: string }).captcha_id);
    run(server, "UPDATE Captcha SET answer = 'ABCDE' WHERE id IN (?, ?)", ...ids);
    const [a, b] = await Promise.all(ids.map(async (id) => Buffer.from(await (await fetch(`${server.url}/captcha/${id}`)).arrayBuffer())));
    expect(defined(a, "first picture").equals(defined(b, "second picture"))).toBe(false);
  });
});

/** The chunk types of a PNG file, in order. */
function pngChunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    types.push(png.toString("latin1", at + 4, at + 8));
    at += 12 + length;
  }
  return types;
}

describe("the proof-of-work check (visitors with JavaScript who cannot read the picture)", () => {
  for (const [lang, path, width, label, sent] of [
    ["en", "/en/contacts", 1400, "I'm not a robot", "Request sent"],
    ["it", "/contacts", 390, "Non sono un robot", "Richiesta inviata"],
  ] as const) {
    it(`sends the form without typing the code, once (${lang}, ${width} px)`, async () => {
      const email = `pow-${lang}@example.com`;
      const { context, errors } = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 } });
      await acceptCookies(context, server.url);
      const page = await context.newPage();
      expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200);
      await page.locator('.contact-form[data-hydrated="true"]').waitFor();
      const widget = page.locator("altcha-widget");
      await expect.poll(() => widget.textContent()).toContain(label);
      // The page does not grow sideways at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.fill("#contact-name", "Pat");
      await page.fill("#contact-email", email);
      await page.fill("#contact-description", "I cannot read the picture.");
      await page.check("#contact-privacy");
      // The keyboard way: focus the widget's checkbox and press Space.
      await widget.locator('input[type="checkbox"]').focus();
      await page.keyboard.press("Space");
      const payload = await page.waitForFunction(() => document.querySelector<HTMLInputElement>('altcha-widget input[name="altcha"]')?.value || null, null, {
        timeout: 60_000,
      });
      const captchaId = await page.locator('input[name="captcha_id"]').inputValue();
      await page.locator('button[value="send"]').click();
      await page.locator(".alert--success .alert__title", { hasText: sent }).waitFor();
      expect(rows(server, "SELECT name FROM ContactMessage WHERE email = ?", email)).toEqual([{ name: "Pat" }]);
      expect(errors).toEqual([]);

      // The same proof again: the captcha it was made for is used up.
      const replay = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.110" },
        body: new URLSearchParams({
          intent: "send",
          name: "Pat",
          email,
          description: "Again",
          privacy: "on",
          captcha_id: captchaId,
          altcha: String(await payload.jsonValue()),
        }),
      });
      expect(replay.status).toBe(400);
      expect(rows(server, "SELECT name FROM ContactMessage WHERE email = ?", email)).toHaveLength(1);
    });
  }

  it("refuses a made-up proof with 400, never 500", async () => {
    const html = await (await fetch(`${server.url}/contacts`, from("203.0.113.111"))).text();
    const captchaId = defined(/name="captcha_id" value="([^"]+)"/.exec(html)?.[1], "captcha_id");
    for (const altcha of [
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString("base64"),
      Buffer.from(
        JSON.stringify({
          challenge: { parameters: { algorithm: "SHA-256", nonce: "00", salt: "00", cost: 1, keyLength: 32, keyPrefix: "00" }, signature: "00" },
          solution: { counter: 1, derivedKey: "00" },
        }),
      ).toString("base64"),
      "not base64 {",
      "x".repeat(5000),
    ]) {
      const res = await fetch(`${server.url}/contacts`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.111" },
        body: new URLSearchParams({
          intent: "send",
          name: "Bot",
          email: "forged-pow@example.com",
          description: "Spam",
          privacy: "on",
          captcha_id: captchaId,
          altcha,
        }),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Il codice inserito non è corretto.");
    }
    expect(rows(server, "SELECT id FROM ContactMessage WHERE email = 'forged-pow@example.com'")).toEqual([]);
  });
});
