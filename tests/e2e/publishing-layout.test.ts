import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { staffPage } from "../support/auth";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { row } from "../support/db";
import { tinyPngFile, uniquePdf } from "../support/files";
import { formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

/**
 * Issue 24's screens in Chromium with JavaScript on, at a phone's and a desktop's width: the news
 * form with «Programma», a history page with a difference, the trash and the public preview with
 * its «Anteprima» banner. Each fits the width, its controls are visible and work, and the console
 * stays clean.
 */
const server = appPerFile();
const browser = browserPerWorker();
const WIDTHS = [390, 1440] as const;

let draft: { id: number; slug: string };
let previewPath: string;

beforeAll(async () => {
  const api = new HttpClient(server.url);
  await api.apiLogin();
  const category = String(row<{ id: number }>(server, "SELECT id FROM Category WHERE type = 'news' ORDER BY id LIMIT 1").id);
  const create = async (title: string, extra: Record<string, string | [Blob, string]> = {}) => {
    const res = await api.request("POST", "/api/news/", {
      form: formData({ category, title, title_eng: `${title} (en)`, date: "2031-01-01", description: "<p>Prima stesura del testo</p>", ...extra }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: number; slug: string };
  };
  // A draft with a picture and an attachment, edited once: its history shows long file addresses changing.
  const pdf = (await (await api.upload(uniquePdf(), "programma.pdf")).json()) as { temp_name: string };
  draft = await create("Anteprima della stagione sinfonica", {
    status: "draft",
    image: tinyPngFile("locandina.png"),
    attachments: JSON.stringify([{ temp_name: pdf.temp_name, display_name: "Programma di sala" }]),
  });
  const pdf2 = (await (await api.upload(uniquePdf(), "programma-2.pdf")).json()) as { temp_name: string };
  const edit = await api.request("PATCH", `/api/news/${draft.id}/`, {
    form: formData({
      description: "<p>Seconda stesura del testo, con i nomi degli interpreti e le date delle prove generali aperte al pubblico</p>",
      attachments: JSON.stringify([{ temp_name: pdf2.temp_name, display_name: "Programma di sala aggiornato con gli orari definitivi" }]),
    }),
  });
  expect(edit.status, await edit.clone().text()).toBe(200);
  const link = (await (await api.request("POST", `/api/news/${draft.id}/preview-link/`)).json()) as { url: string };
  previewPath = new URL(link.url).pathname + new URL(link.url).search;
  // Something in the trash.
  const trashed = await create("Concerto annullato per maltempo");
  expect((await api.request("DELETE", `/api/news/${trashed.id}/`)).status).toBe(204);
});

/** How far the page scrolls sideways (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The element is visible and lies inside the viewport's width. */
async function expectWithinWidth(page: Page, selector: string, width: number) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.width, selector).toBeGreaterThan(0);
  expect(box!.x, selector).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, selector).toBeLessThanOrEqual(width);
}

/** Whether an element looks like a button, not text on the page: a fill or an outline of its own. */
const buttonLook = (el: Element) => {
  const style = getComputedStyle(el);
  const seen = (color: string) => color !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(color);
  return seen(style.backgroundColor) || (parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none" && seen(style.borderTopColor));
};
const looksLikeButton = (page: Page, selector: string) => page.locator(selector).first().evaluate(buttonLook);

/** The room in pixels between two controls, side by side or one above the other (negative: they overlap). */
async function roomBetween(page: Page, a: string, b: string): Promise<number> {
  const [first, second] = [await page.locator(a).first().boundingBox(), await page.locator(b).first().boundingBox()];
  if (!first || !second) throw new Error(`${a} or ${b} is not shown`);
  const sideBySide = first.y < second.y + second.height && second.y < first.y + first.height;
  return sideBySide
    ? Math.max(second.x - (first.x + first.width), first.x - (second.x + second.width))
    : Math.max(second.y - (first.y + first.height), first.y - (second.y + second.height));
}

async function adminAt(width: number, path: string) {
  const { page, errors } = await staffPage(browser, server, { javaScriptEnabled: true, viewport: { width, height: 900 } });
  await page.goto(`${server.url}${path}`);
  await page.locator('.admin[data-hydrated="true"]').waitFor();
  return { page, errors };
}

describe.each(WIDTHS)("at %i px with JavaScript on", (width) => {
  it("the news form: «Programma» shows a date-time field that takes a value", async () => {
    const { page, errors } = await adminAt(width, "/admin/newsCreate");
    await page.getByLabel("Programma", { exact: true }).check();
    const time = page.getByLabel("Data e ora (ora italiana, per «Programma»)");
    await expect.poll(() => time.isVisible()).toBe(true);
    await time.fill("2031-05-04T10:30");
    expect(await time.inputValue()).toBe("2031-05-04T10:30");
    await expectWithinWidth(page, "#publish_at_local", width);
    await expectWithinWidth(page, 'button[type="submit"]', width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it("a history page (Cronologia) with a difference", async () => {
    const { page, errors } = await adminAt(width, `/admin/newsList/${draft.slug}/history`);
    await page.getByRole("heading", { name: /Cronologia/ }).waitFor();
    await expectWithinWidth(page, ".history__changes ins", width);
    await expectWithinWidth(page, ".history__changes del", width);
    const restore = page.getByRole("button", { name: /Ripristina la revisione/ }).first();
    await expectWithinWidth(page, ".history__revision button", width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await restore.click();
    await page.waitForURL(/history\?avviso=/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  it("the trash (Cestino); its buttons and «Crea link di anteprima» look like buttons, with room between them", async () => {
    const { page, errors } = await adminAt(width, "/admin/trash");
    await page.getByText("Concerto annullato per maltempo").first().waitFor();
    const restore = 'button[aria-label^="Ripristina"]';
    const purge = 'a[aria-label^="Elimina definitivamente"]';
    await expectWithinWidth(page, restore, width);
    await expectWithinWidth(page, purge, width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // issue 35: they touched
    expect(await looksLikeButton(page, restore), restore).toBe(true);
    expect(await looksLikeButton(page, purge), purge).toBe(true);
    expect(await roomBetween(page, restore, purge)).toBeGreaterThanOrEqual(8);
    await page.goto(`${server.url}/admin/newsList/${draft.slug}`);
    const create = page.getByRole("button", { name: "Crea link di anteprima" });
    expect(await create.evaluate(buttonLook)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("the public preview through a link, with its «Anteprima» banner", async () => {
    const { context, errors } = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 } });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}${previewPath}`);
    await page.locator(".preview-banner").getByText("Anteprima").waitFor();
    await expectWithinWidth(page, ".preview-banner", width);
    await expectWithinWidth(page, ".news-detail__image img", width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
