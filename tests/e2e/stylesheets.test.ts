// Issue 10 ("CSS and UI code") and issue 11 ("The front end"): one inlined site stylesheet (no
// render-blocking stylesheet request on public pages), admin CSS only in the admin area, shared
// classes that keep each page's look (section titles, card grids, pills), one error red, and admin
// fields whose errors are announced (aria-invalid + aria-describedby).
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REQUIRED_MESSAGE } from "~/lib/form-messages";
import { signIn } from "../support/auth";
import { browserPerWorker, signInThroughForm, visit } from "../support/browser";
import { firstHref, publicPages } from "../support/routes";
import { serverPerWorker } from "../support/server";

const server = serverPerWorker();
const browser = browserPerWorker();

/** The first link on `path` whose href matches `pattern` (detail pages of the demo content). */
/** Opens `url` and returns the stylesheet requests the page made while loading, and the texts of its CSS. */
async function loadWithStylesheets(page: Page, url: string): Promise<{ requests: string[]; css: string }> {
  const requests: string[] = [];
  const bodies: Promise<string>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== "stylesheet") return;
    requests.push(new URL(response.url()).pathname);
    bodies.push(response.text().catch(() => ""));
  };
  page.on("response", onResponse);
  await visit(page, url);
  page.off("response", onResponse);
  const inline = await page.$$eval("style", (styles) => styles.map((s) => s.textContent ?? "").join("\n"));
  return { requests, css: [inline, ...(await Promise.all(bodies))].join("\n") };
}

describe("stylesheets", () => {
  it("every public page, in both languages, makes no stylesheet request: the site CSS is inlined in <head>", { timeout: 240_000 }, async () => {
    const pages = [...(await publicPages(server.url)), "/no-such-page"];
    // Without JavaScript: the stylesheets are those of the server's HTML (a hydrated page adds none).
    const { context } = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      const requested: string[] = [];
      for (const path of pages) {
        for (const prefix of ["", "/en"]) {
          const url = `${server.url}${prefix}${path === "/" && prefix ? "" : path}`;
          const { requests, css } = await loadWithStylesheets(page, url);
          if (requests.length > 0) requested.push(`${prefix}${path}: ${requests.join(", ")}`);
          // the page is styled: the site's tokens and its layout are in the page
          expect(css, `${prefix}${path}`).toContain("--color-accent");
          expect(await page.$eval("body", (b) => getComputedStyle(b).display), `${prefix}${path}`).toBe("flex");
        }
      }
      expect(requested).toEqual([]);
      // the CSS is in <head>, before anything of <body> is parsed
      await page.goto(`${server.url}/`);
      expect(await page.$eval("head style#site-css", (style) => style.textContent?.length ?? 0)).toBeGreaterThan(1000);
    } finally {
      await context.close();
    }
  });

  it("the sign-in and sign-out pages carry no admin CSS; the admin area does", async () => {
    const { context } = await browser.newContext();
    const page = await context.newPage();
    try {
      const login = await loadWithStylesheets(page, `${server.url}/login`);
      expect(login.css).not.toContain("admin__sidebar");
      // the sign-in form is still laid out as a card
      expect(await page.$eval(".login__form", (f) => getComputedStyle(f).display)).toBe("grid");
      await signInThroughForm(page, server.url);
      const admin = await loadWithStylesheets(page, `${server.url}/admin`);
      expect(admin.css).toContain("admin__sidebar");
      expect(await page.$eval(".admin", (a) => getComputedStyle(a).display)).toBe("grid");
      const logout = await loadWithStylesheets(page, `${server.url}/logout`);
      expect(logout.css).not.toContain("admin__sidebar");
    } finally {
      await context.close();
    }
  });
});

describe("shared classes keep each page's look", () => {
  const columns = (page: Page, selector: string) =>
    page.$eval(selector, (el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length);
  const style = (page: Page, selector: string, property: string) =>
    page.$eval(selector, (el, p) => getComputedStyle(el).getPropertyValue(p), property);

  for (const width of [390, 1300, 1440]) {
    it(`${width} px: section titles, card grids and pills as each page shows them`, async () => {
      const { context } = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        // home: centred, larger section titles; category pills as uppercase filters
        await visit(page, `${server.url}/`);
        expect(await style(page, "#home-compositions-title", "text-align")).toBe("center");
        expect(await style(page, ".pills .pill", "text-transform")).toBe("uppercase");
        const homeTitleSize = parseFloat(await style(page, "#home-compositions-title", "font-size"));

        // the other pages: left-aligned section titles
        for (const path of ["/credits", "/gallery", "/portfolio", "/art-direction"]) {
          await visit(page, `${server.url}${path}`);
          expect(await style(page, ".section-title", "text-align"), path).toMatch(/^(start|left)$/);
          expect(parseFloat(await style(page, ".section-title", "font-size")), path).toBeLessThan(homeTitleSize);
        }

        // music cards: 1/2/3/4 columns at 576/992/1200 px; other cards 1/2/3/4 at 768/1200/1400 px
        await visit(page, `${server.url}/compositions`);
        expect(await columns(page, ".card-grid")).toBe(width >= 1200 ? 4 : 1);
        await visit(page, `${server.url}/gallery`);
        expect(await columns(page, ".card-grid")).toBe(width >= 1400 ? 4 : width >= 1200 ? 3 : 1);

        // an artist pill on a work card: small, not uppercase
        await visit(page, `${server.url}${await firstHref(server.url, "/art-direction", /href="(\/art-direction\/[^"/]+)"/)}`);
        expect(await style(page, ".work-card__artists .pill", "text-transform")).toBe("none");
      } finally {
        await context.close();
      }
    });
  }
});

describe("form errors", () => {
  it("a refused admin form without JavaScript marks each field invalid and points at its Italian message", async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    let adminRed: string;
    try {
      await signIn(context, server);
      await page.goto(`${server.url}/admin/categoryCreate`);
      await Promise.all([page.waitForLoadState("load"), page.click('form.admin-form button[type="submit"]')]);
      for (const id of ["name", "name_eng", "type"]) {
        const control = page.locator(`#${id}`);
        expect(await control.getAttribute("aria-invalid"), id).toBe("true");
        const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
        expect(describedBy, id).not.toBe("");
        const description = await page.$$eval(
          describedBy
            .split(" ")
            .map((ref) => `#${ref}`)
            .join(","),
          (els) => els.map((el) => el.textContent?.trim()).join(" "),
        );
        expect(description, id).toBe(REQUIRED_MESSAGE);
      }
      adminRed = await page.$eval(".field__error", (el) => getComputedStyle(el).color);
    } finally {
      await context.close();
    }

    // one red for every error message: the contact form's is the admin's, on the message and the field's border
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const contact = await visitor.context.newPage();
    try {
      await contact.goto(`${server.url}/contacts`);
      await Promise.all([contact.waitForURL(/contacts/), contact.click(".contact-form__send")]);
      await contact.waitForSelector(".contact-form .field__error");
      expect(await contact.$eval(".contact-form .field__error", (el) => getComputedStyle(el).color)).toBe(adminRed);
      expect(await contact.$eval("#contact-name", (el) => getComputedStyle(el).borderTopColor)).toBe(adminRed);
    } finally {
      await visitor.context.close();
    }
  });
});
