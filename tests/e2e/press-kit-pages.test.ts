// Issue 38: the press kit in Chromium at 390 and 1440 px, JavaScript on and off, both languages (PAIRWISE: each
// value of each once with the others): the biographies are selectable text, their copy buttons come with JavaScript
// and copy the text; photos keep their box; the next concerts are listed; nothing overflows a phone's width; the kit
// downloads as a zip of the page's language. What the pages hold, the zip's entries and the edits are proven over HTTP
// in press-kit.test.ts.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { acceptCookies, browserPerWorker, imagesWithoutSize, visit } from "../support/browser";
import { sharedDemoServer } from "../support/server";
import { configName, localized, PAIRWISE } from "../support/survey";

const server = sharedDemoServer();
const browser = browserPerWorker();

const bio = (JSON.parse(fs.readFileSync(path.join("content", "data", "press_bio.json"), "utf8")) as { press_bio: Record<string, string>[] }).press_bio[0]!;

for (const config of PAIRWISE) {
  it(`the press kit (${configName(config)})`, async () => {
    const { context, errors } = await browser.newContext({ javaScriptEnabled: config.javaScriptEnabled, viewport: { width: config.width, height: 900 } });
    await acceptCookies(context, server.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    await visit(page, `${server.url}${localized("/press", config.lang)}`);
    const english = config.lang === "en";

    await expect(page.locator("h1").innerText()).resolves.toMatch(english ? /press kit/i : /cartella stampa/i);
    const short = english ? bio.short_eng! : bio.short!;
    const texts = page.locator(".press-bio__text");
    await expect(texts.count()).resolves.toBe(3);
    // Selectable without a button: the visitor can always copy it by hand.
    await texts.first().selectText();
    await expect(page.evaluate(() => window.getSelection()?.toString().trim())).resolves.toBe(short);

    const copyButtons = page.getByRole("button", { name: english ? "Copy" : "Copia" });
    if (config.javaScriptEnabled) {
      await expect(copyButtons.count()).resolves.toBe(3);
      await copyButtons.first().click();
      await page
        .locator(".press-bio__copy-state")
        .first()
        .getByText(english ? "Copied" : "Copiata", { exact: true })
        .waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(short);
    } else {
      await expect(copyButtons.count()).resolves.toBe(0);
    }

    await expect(page.locator(".press-photo img").count()).resolves.toBeGreaterThanOrEqual(3);
    // The demo's three upcoming concerts, each linked to its page (their width is in the overflow check below).
    await expect(page.locator("#press-concerts + .event-list .event-card__title a").count()).resolves.toBe(3);
    expect(await imagesWithoutSize(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow").toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /zip/ }).click()]);
    expect(download.suggestedFilename()).toBe(english ? "elena-marchetti-press-kit.zip" : "cartella-stampa-elena-marchetti.zip");
    expect(errors).toEqual([]);
  });
}
