import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { staffPage } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { count, row } from "../support/db";
import { appPerFile } from "../support/in-process";

// Enter in a text field submits a form through its default button, the first submit button in tree
// order. The concert form's programme has one («Aggiungi opera») before «Salva»: Enter must still save.
// Only a browser presses Enter, so this file drives Chromium, without JavaScript (the native post).
const server = appPerFile();
const browser = browserPerWorker();

/** Presses Enter in `field` and answers the address of the page the post ends on (after its redirect, if any). */
async function pressEnterIn(page: Page, field: string): Promise<string> {
  const shown = page.waitForResponse((res) => res.request().isNavigationRequest() && res.status() === 200);
  await page.press(field, "Enter");
  const url = (await shown).url();
  await page.waitForLoadState("load");
  return url;
}

it("Enter in a text field of the concert form saves the concert, and does not add a row to the programme", async () => {
  const { page } = await staffPage(browser, server, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const before = count(server, "Event");
  await page.goto(`${server.url}/admin/events/nuovo`);
  await page.fill("#title", "Serata Invio");
  await page.fill("#starts_at", "2031-10-02T20:30");
  await page.fill("#venue", "Teatro Invio");
  await page.fill("#city", "Parma");
  await page.fill("#country", "IT");
  const edit = `${server.url}/admin/events/serata-invio-2031-10-02`;
  expect(await pressEnterIn(page, "#city")).toBe(`${edit}?avviso=salvato`);
  expect(count(server, "Event")).toBe(before + 1);
  expect(row(server, "SELECT venue, city FROM Event WHERE title = 'Serata Invio'")).toEqual({ venue: "Teatro Invio", city: "Parma" });

  // The same on the edit page: Enter saves the change.
  await page.goto(edit);
  await page.fill("#venue", "Teatro Regio");
  expect(await pressEnterIn(page, "#venue")).toBe(`${edit}?avviso=salvato`);
  expect(row(server, "SELECT venue FROM Event WHERE title = 'Serata Invio'")).toEqual({ venue: "Teatro Regio" });
});

it("Enter in a text field of a content form («Aggiungi riga» buttons among its fields) saves it", async () => {
  const { page } = await staffPage(browser, server, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/admin/content/artistic_direction`);
  const hrefs = await page.locator('a[href^="/admin/content/artistic_direction/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => /\/\d+$/.test(h));
  await page.goto(`${server.url}${href}`);
  expect(await page.locator('form.admin-form button[name="intent"][value^="add-row:"]').count()).toBeGreaterThan(0);
  expect(await pressEnterIn(page, 'form.admin-form input[type="text"] >> nth=0')).toBe(`${server.url}/admin/content/artistic_direction?avviso=salvato`);
});
