// Issue 10 ("CSS and UI code") and issue 11 ("The front end"): one inlined site stylesheet (no
// render-blocking stylesheet request on public pages), admin CSS only in the admin area, shared
// classes that keep each page's look (section titles, card grids, pills), one error red, and admin
// fields whose errors are announced (aria-invalid + aria-describedby).
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REQUIRED_MESSAGE } from "~/lib/form-messages";
import { signIn } from "../support/auth";
import { browserPerWorker, signInThroughForm, visit } from "../support/browser";
import { defined } from "../support/present";
import { firstHref, publicPages } from "../support/routes";
import { sharedDemoServer } from "../support/server";
import { computedStyle, localized, PAIRWISE, survey, type PageRecord } from "../support/survey";

const server = sharedDemoServer();
const browser = browserPerWorker();

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
    const paths = [...(await publicPages(server.url)), "/no-such-page"];
    // Without JavaScript: the stylesheets are those of the server's HTML (a hydrated page adds none). Each
    // language in the configuration the other sweeps load it in (PAIRWISE), so no page is loaded for this alone.
    const pages: PageRecord[] = [];
    for (const config of PAIRWISE.filter((c) => !c.javaScriptEnabled)) {
      pages.push(
        ...(await survey(
          browser,
          server,
          config,
          paths.map((path) => localized(path, config.lang)),
        )),
      );
    }
    for (const page of pages) {
      // the page is styled: the site's tokens and its layout are in the page
      expect(page.css, page.path).toContain("--color-accent");
      expect(computedStyle(page, "body", "display"), page.path).toBe("flex");
    }
    expect(pages.filter((page) => page.stylesheetRequests.length > 0).map((page) => `${page.path}: ${page.stylesheetRequests.join(", ")}`)).toEqual([]);
    // the CSS is in <head>, before anything of <body> is parsed
    expect(defined(pages.find((page) => page.path === "/")).siteCssLength).toBeGreaterThan(1000);
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
  const columns = (page: PageRecord) => computedStyle(page, ".card-grid", "grid-template-columns").split(" ").filter(Boolean).length;

  for (const width of [390, 1300, 1440]) {
    it(`${width} px: section titles, card grids and pills as each page shows them`, async () => {
      const work = await firstHref(server.url, "/art-direction", /href="(\/art-direction\/[^"/]+)"/);
      const titled = ["/credits", "/gallery", "/portfolio", "/art-direction"];
      const pages = await survey(browser, server, { javaScriptEnabled: true, width }, ["/", ...titled, "/compositions", work]);
      const recorded = (path: string) =>
        defined(
          pages.find((page) => page.path === path),
          path,
        );

      // home: centred, larger section titles; category pills as uppercase filters
      const home = recorded("/");
      expect(computedStyle(home, "#home-compositions-title", "text-align")).toBe("center");
      expect(computedStyle(home, ".pills .pill", "text-transform")).toBe("uppercase");
      const homeTitleSize = parseFloat(computedStyle(home, "#home-compositions-title", "font-size"));

      // the other pages: left-aligned section titles
      for (const path of titled) {
        expect(computedStyle(recorded(path), ".section-title", "text-align"), path).toMatch(/^(start|left)$/);
        expect(parseFloat(computedStyle(recorded(path), ".section-title", "font-size")), path).toBeLessThan(homeTitleSize);
      }

      // music cards: 1/2/3/4 columns at 576/992/1200 px; other cards 1/2/3/4 at 768/1200/1400 px
      expect(columns(recorded("/compositions"))).toBe(width >= 1200 ? 4 : 1);
      expect(columns(recorded("/gallery"))).toBe(width >= 1400 ? 4 : width >= 1200 ? 3 : 1);

      // an artist pill on a work card: small, not uppercase
      expect(computedStyle(recorded(work), ".work-card__artists .pill", "text-transform")).toBe("none");
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
        // the field's own message: which field, and that it is required (the summary above says REQUIRED_MESSAGE)
        expect(description, id).toMatch(/^Il campo «.+» è obbligatorio: .+\.$/);
      }
      expect(await page.locator(".form-error").textContent()).toBe(REQUIRED_MESSAGE);
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
