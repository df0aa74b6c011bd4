// Issue 36 in Chromium at 390 and 1440 px, JavaScript on and off, both languages (PAIRWISE: each value of each
// once with the others), one context per configuration, as a programmer and the composer go: the next concerts
// on the home page, the footer's links, the catalogue filtered by its GET form, a composition's performances, a concert's page, then the admin's concert form
// with its works picker, whose saved programme the public page shows in order with the premiere; nothing
// overflows a phone's width. What each page holds, in every case, is proven over HTTP in catalogue.test.ts,
// events-pages.test.ts, events-admin.test.ts and concerts-on-pages.test.ts.
import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { compositionPath } from "~/lib/paths";
import { signIn } from "../support/auth";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { rows } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { at } from "../support/present";
import { configName, localized, PAIRWISE } from "../support/survey";

// The admin form saves concerts: a server of its own.
const server = appPerFile();
const browser = browserPerWorker();

type Work = { id: number; title: string; titleEng: string; ensemble: string; path: string };
let works: Work[];
let concert: { slug: string };

beforeAll(async () => {
  works = rows<Omit<Work, "path"> & { category: string; slug: string }>(
    server,
    `SELECT m.id, m.title, m.titleEng, m.ensemble, m.slug, c.name AS category FROM Music m JOIN Category c ON c.id = m.categoryId
     WHERE m.status = 'published' AND m.publishAt IS NULL AND (m.link IS NULL OR m.link = '') AND m.ensemble IS NOT NULL ORDER BY m.id LIMIT 2`,
  ).map(({ category, slug, ...work }) => ({ ...work, path: compositionPath(category, slug) }));
  const api = new HttpClient(server.url);
  await api.apiLogin();
  const res = await api.request("POST", "/api/events/", {
    json: {
      title: "Serata del catalogo",
      title_eng: "Catalogue evening",
      // Sooner than the demo's concerts, so the home page shows it first.
      starts_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      event_status: "cancelled",
      venue: "Sala Verdi",
      city: "Milano",
      country: "IT",
      works: [
        { id: at(works, 0).id, premiere: true },
        { id: at(works, 1).id, premiere: false },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  concert = (await res.json()) as { slug: string };
});

const titleIn = (work: Work, english: boolean) => (english && work.titleEng ? work.titleEng : work.title);

/** How far the page is wider than the window (0: no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Follows a link or submits a form: a client navigation with JavaScript, a document load without. */
async function go(page: Page, url: RegExp, act: () => Promise<void>) {
  await Promise.all([page.waitForURL(url), act()]);
}

for (const config of PAIRWISE) {
  it(`the catalogue, a composition's performances, a concert and the admin's works picker (${configName(config)})`, async () => {
    const english = config.lang === "en";
    const [premiered, other] = [at(works, 0), at(works, 1)];
    const { context, errors } = await browser.newContext({ javaScriptEnabled: config.javaScriptEnabled, viewport: { width: config.width, height: 900 } });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    const overflows: Record<string, number> = {};
    const measure = async () => {
      overflows[new URL(page.url()).pathname] = await overflow(page);
    };

    // The home page's next concerts, then the catalogue from the footer.
    await visit(page, `${server.url}${localized("/", config.lang)}`);
    const next = page.locator("section.home-concerts");
    await expect(next.locator(".home-concert").first().innerText()).resolves.toMatch(
      english ? /Catalogue evening[\s\S]*Cancelled/i : /Serata del catalogo[\s\S]*Annullato/i,
    );
    await measure();
    const footer = page.locator("footer nav");
    await expect(footer.getByRole("link", { name: english ? "Concerts" : "Concerti", exact: true }).getAttribute("href")).resolves.toBe(
      localized("/events", config.lang),
    );

    // The catalogue, filtered by its GET form: the address says the filter, the count the list.
    await go(page, /\/works$/, () => footer.getByRole("link", { name: english ? "Catalogue" : "Catalogo", exact: true }).click());
    const countText = page.locator(".works__count");
    const counted = async () => Number(/^(\d+) /.exec(await countText.innerText())?.[1]);
    const all = await counted();
    await page.locator("#works-ensemble").selectOption(premiered.ensemble);
    await go(page, new RegExp(`[?&]ensemble=${premiered.ensemble}`), () => page.getByRole("button", { name: english ? "Apply" : "Applica" }).click());
    // With JavaScript the address changes as the navigation starts: the list follows when its data is in.
    await expect.poll(counted).toBeLessThan(all);
    await expect(countText.innerText()).resolves.toMatch(english ? / works?$/ : / composizion[ei]$/);
    await expect(page.locator(".works__item").count()).resolves.toBe(await counted());
    const workLink = page.locator(".works__list").getByRole("link", { name: titleIn(premiered, english), exact: true });
    await expect(workLink.getAttribute("href")).resolves.toBe(localized(premiered.path, config.lang));
    await measure();

    // The composition's performances: the concert, cancelled, the work's premiere.
    await go(page, new RegExp(`${premiered.path.split("/").pop()}$`), () => workLink.click());
    const performances = page.locator("section.performances");
    await expect(performances.getByRole("heading", { level: 2 }).innerText()).resolves.toBe(english ? "Performances" : "Esecuzioni");
    const line = performances.locator(`li[data-slug="${concert.slug}"]`);
    await expect(line.innerText()).resolves.toMatch(english ? /Cancelled[\s\S]*world premiere/i : /Annullato[\s\S]*prima assoluta/i);
    await measure();

    // The concert's page: its state, its works linked in order, its calendar file.
    await go(page, new RegExp(`/events/${concert.slug}$`), () =>
      line.getByRole("link", { name: english ? "Catalogue evening" : "Serata del catalogo" }).click(),
    );
    await expect(page.locator(".news-detail__meta .event-status").innerText()).resolves.toMatch(english ? /cancelled/i : /annullato/i);
    const programme = page.locator(".event-detail__programme li");
    await expect(programme.locator("a").allInnerTexts()).resolves.toEqual([titleIn(premiered, english), titleIn(other, english)]);
    await expect(programme.locator("a").first().getAttribute("href")).resolves.toBe(localized(premiered.path, config.lang));
    const calendar = page.getByRole("link", { name: english ? "Add to calendar" : "Aggiungi al calendario" });
    await expect(calendar.getAttribute("href")).resolves.toBe(`${localized(`/events/${concert.slug}`, config.lang)}.ics`);
    await measure();

    // The admin (Italian only): a new concert, its programme made with the works picker.
    await signIn(context, server);
    const title = `Concerto ${config.lang} ${config.width} ${config.javaScriptEnabled ? "js" : "html"}`;
    await visit(page, `${server.url}/admin/events/nuovo`);
    await page.fill("#title", title);
    await page.fill("#starts_at", "2031-11-20T20:30");
    await page.fill("#venue", "Auditorium");
    await page.fill("#city", "Torino");
    await page.fill("#country", "IT");
    await page.check('input[name="publication"][value="ora"]');
    await page.locator("#works_music_0").selectOption(String(other.id));
    await page.getByRole("button", { name: "Aggiungi opera" }).click();
    await page.locator("#works_music_1").waitFor();
    await expect(page.locator("#title").inputValue()).resolves.toBe(title);
    await page.locator("#works_music_1").selectOption(String(premiered.id));
    // The work added second plays first, and is the premiere.
    await page.fill("#works_order_0", "2");
    await page.fill("#works_order_1", "1");
    await page.check('input[name="works_premiere_1"]');
    await measure();
    await go(page, /\/admin\/events\/[^/?]+\?avviso=salvato$/, () => page.getByRole("button", { name: "Salva", exact: true }).click());
    const slug = decodeURIComponent(at(new URL(page.url()).pathname.split("/"), 3));

    await visit(page, `${server.url}${localized(`/events/${slug}`, config.lang)}`);
    const saved = page.locator(".event-detail__programme li");
    await expect(saved.locator("a").allInnerTexts()).resolves.toEqual([titleIn(premiered, english), titleIn(other, english)]);
    await expect(saved.first().innerText()).resolves.toMatch(english ? /world premiere/i : /prima assoluta/i);
    await expect(saved.nth(1).innerText()).resolves.not.toMatch(/premiere|prima assoluta/i);

    expect(
      Object.values(overflows).every((px) => px <= 0),
      JSON.stringify(overflows),
    ).toBe(true);
    expect(errors).toEqual([]);
  });
}
