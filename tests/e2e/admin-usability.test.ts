// Issue 13 (For the staff): Italian category types, display names without the extension, an admin
// navigation usable on a phone, https:// prepended to links, field-specific messages.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { staffPage, startMusicForm } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { rows, run } from "../support/db";
import { mp3Bytes, pdfBytes, pngBytes } from "../support/files";
import { HttpClient } from "../support/http";
import { serverPerFile } from "../support/server";

const server = serverPerFile({ env: { SEED_DEMO: "0" } });
const browser = browserPerWorker();
let files: string;

beforeAll(async () => {
  run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Colonne Sonore', 'Soundtracks', 'music')");
  run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Eventi', 'Events', 'news')");
  files = fs.mkdtempSync(path.join(server.dataDir, "files-"));
  fs.writeFileSync(path.join(files, "cover.png"), await pngBytes("#aa3355"));
  fs.writeFileSync(path.join(files, "tema principale.mp3"), mp3Bytes(4096));
  fs.writeFileSync(path.join(files, "programma.pdf"), pdfBytes("programma"));
  fs.writeFileSync(path.join(files, "not-an-image.png"), "plain text, not a picture");
});

const adminPage = (javaScriptEnabled: boolean, width = 1440) => staffPage(browser, server, { javaScriptEnabled, viewport: { width, height: 900 } });

const hydrated = (page: Page) => page.locator('.admin[data-hydrated="true"]').waitFor();

describe("category types in Italian", () => {
  it("the type dropdown shows Italian labels for the stored keys, and the list shows the label", async () => {
    const { page, close } = await adminPage(false);
    await page.goto(`${server.url}/admin/categoryCreate`);
    const options = await page.$$eval("#type option", (els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options.slice(1)).toEqual([
      ["news", "Notizie"],
      ["music", "Musica"],
      ["lable", "Etichette"],
      ["about", "Chi sono"],
      ["bio", "Biografia"],
      ["credits", "Credits"],
      ["gallery", "Galleria"],
    ]);
    await page.fill("#name", "Etichette di prova");
    await page.fill("#name_eng", "Test labels");
    await page.selectOption("#type", { label: "Etichette" });
    await Promise.all([page.waitForURL(/\/admin\/categoryList/), page.click('button:has-text("Salva")')]);
    expect(rows(server, "SELECT type FROM Category WHERE name = 'Etichette di prova'")).toEqual([{ type: "lable" }]);
    const row = page.locator("tr", { hasText: "Etichette di prova" });
    expect(await row.locator("td").allTextContents()).toContain("Etichette");
    expect(await row.locator("td").allTextContents()).not.toContain("lable");
    await close();
  });
});

describe("display names", () => {
  it("with JavaScript, an uploaded track or attachment is named after its file without the extension", async () => {
    const { page, close } = await adminPage(true);
    await page.goto(`${server.url}/admin/newsCreate`);
    await hydrated(page);
    await page.setInputFiles("#attachments", path.join(files, "programma.pdf"));
    expect(await page.getByLabel("Nome visualizzato di programma.pdf").inputValue()).toBe("programma");
    await page.goto(`${server.url}/admin/musicCreate`);
    await hydrated(page);
    await page.check('input[name="mode"][value="tracks"]');
    await page.setInputFiles("#tracks", path.join(files, "tema principale.mp3"));
    expect(await page.getByLabel("Nome visualizzato di tema principale.mp3").inputValue()).toBe("tema principale");
    await close();
  });

  it("without JavaScript, a track sent with the form is stored without the extension", async () => {
    const { page, close } = await adminPage(false);
    await startMusicForm(page, server, "Suite nojs", "tracks");
    await page.setInputFiles("#image_file", path.join(files, "cover.png"));
    await page.setInputFiles("#tracks", path.join(files, "tema principale.mp3"));
    await Promise.all([page.waitForURL(/\/admin\/musicList\/suite-nojs\?avviso=salvato$/), page.click('button:has-text("Salva")')]);
    expect(rows(server, "SELECT t.name FROM MusicTrack t JOIN Music m ON m.id = t.musicId WHERE m.title = 'Suite nojs'")).toEqual([
      { name: "tema principale" },
    ]);
    await close();
  });

  it("the upload endpoint answers the name without the extension", async () => {
    const client = new HttpClient(server.url);
    const csrf = await client.login();
    const body = new FormData();
    body.set("kind", "attachment");
    body.set("file", new Blob([pdfBytes("x")], { type: "application/pdf" }), "Comunicato stampa.pdf");
    const res = await client.fetch("/admin/upload", { method: "POST", body, headers: { "X-CSRFToken": csrf } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ file_name: "Comunicato stampa.pdf", display_name: "Comunicato stampa" });
  });
});

describe("the admin navigation on a phone", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`390 px, JS ${javaScriptEnabled ? "on" : "off"}: all five links are on screen and work`, async () => {
      const { page, close } = await adminPage(javaScriptEnabled, 390);
      await page.goto(`${server.url}/admin/`);
      const nav = page.getByRole("navigation", { name: "Amministrazione" });
      const names = ["Dashboard", "Categorie", "Notizie", "Musica", "Attività"];
      for (const name of names) {
        const box = await nav.getByRole("link", { name, exact: true }).boundingBox();
        expect(box, name).not.toBeNull();
        expect.soft(box!.x, name).toBeGreaterThanOrEqual(0);
        expect.soft(box!.x + box!.width, name).toBeLessThanOrEqual(390);
      }
      await Promise.all([page.waitForURL(/\/admin\/activityList/), nav.getByRole("link", { name: "Attività" }).click()]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await close();
    });
  }
});

describe("links and messages of the music form", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`JS ${javaScriptEnabled ? "on" : "off"}: a link without a scheme is saved with https://`, async () => {
      const { page, close } = await adminPage(javaScriptEnabled);
      await page.goto(`${server.url}/admin/musicCreate`);
      if (javaScriptEnabled) await hydrated(page);
      expect(await page.getAttribute("#link", "type")).not.toBe("url");
      const title = `Album ${javaScriptEnabled ? "js" : "nojs"}`;
      await page.selectOption("#category", { label: "Colonne Sonore" });
      await page.fill("#title", title);
      await page.check('input[name="mode"][value="link"]');
      await page.setInputFiles("#image_file", path.join(files, "cover.png"));
      await page.fill("#link", "www.example.com/album");
      await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/admin/musicCreate")), page.click('button:has-text("Salva")')]);
      expect(rows(server, "SELECT link FROM Music WHERE title = ?", title)).toEqual([{ link: "https://www.example.com/album" }]);
      await close();
    });
  }

  it("a wrong link or image format gets its own message, not 'Compila i campi obbligatori'", async () => {
    const { page, close } = await adminPage(false);
    await startMusicForm(page, server, "Link sbagliato", "link");
    await page.setInputFiles("#image_file", path.join(files, "cover.png"));
    await page.fill("#link", "ftp://files.example.com/x");
    await page.click('button:has-text("Salva")');
    const alert = page.locator(".form-error");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Indirizzo non valido");
    expect(await page.getByText("Compila i campi obbligatori").count()).toBe(0);

    await page.goto(`${server.url}/admin/newsCreate`);
    await page.selectOption("#category", { label: "Eventi" });
    await page.fill("#title", "Immagine sbagliata");
    await page.fill("#title_eng", "Wrong image");
    await page.setInputFiles("#image_file", path.join(files, "not-an-image.png"));
    await page.click('button:has-text("Salva")');
    await alert.waitFor();
    expect(await page.getByText("Compila i campi obbligatori").count()).toBe(0);
    expect((await alert.textContent())?.length).toBeGreaterThan(5);
    await close();
  });
});

describe("field messages of the admin forms (issue 21)", () => {
  it("without JavaScript, each refused field says which field it is and what is wrong, beside it", async () => {
    const { page, close } = await adminPage(false);
    await page.goto(`${server.url}/admin/newsCreate`);
    await page.fill("#title_eng", "Only English");
    await page.click('button:has-text("Salva")');
    await page.locator(".form-error").waitFor();
    const messages = await page.$$eval(".field--invalid", (fields) =>
      fields.map((field) => ({
        label: field.querySelector(".field__label")?.firstChild?.textContent?.trim(),
        error: field.querySelector(".field__error")?.textContent,
      })),
    );
    expect(messages.map((m) => m.label)).toEqual(["Categoria", "Titolo"]);
    for (const { label, error } of messages) {
      expect(error).not.toBe("Compila i campi obbligatori");
      expect(error).toContain(`«${label}»`);
    }
    await close();
  });

  it("with JavaScript, a refused field's error goes as soon as the field is changed; the others stay", async () => {
    const { page, close } = await adminPage(true);
    await page.goto(`${server.url}/admin/newsCreate`);
    await hydrated(page);
    await page.click('button:has-text("Salva")');
    await page.locator("#title-error").waitFor();
    await page.fill("#title", "Ora c'è");
    await page.locator("#title-error").waitFor({ state: "detached" });
    expect(await page.locator("#title").getAttribute("aria-invalid")).toBeNull();
    expect(await page.locator("#title").evaluate((el) => el.closest(".field")?.classList.contains("field--invalid"))).toBe(false);
    expect(await page.locator("#title_eng-error").count()).toBe(1);
    await page.selectOption("#category", { label: "Eventi" });
    await page.locator("#category-error").waitFor({ state: "detached" });
    // a second refusal shows the errors again
    await page.fill("#title", "");
    await page.click('button:has-text("Salva")');
    await page.locator("#title-error").waitFor();
    await close();
  });

  it("without JavaScript, the description's blank lines become paragraphs and single line breaks <br>, escaped", async () => {
    const { page, close } = await adminPage(false);
    await page.goto(`${server.url}/admin/newsCreate`);
    await page.selectOption("#category", { label: "Eventi" });
    await page.fill("#title", "Paragrafi");
    await page.fill("#title_eng", "Paragraphs");
    await page.fill("textarea#description", "Primo paragrafo, 3 < 4 & 5\n\nSecondo paragrafo\nseconda riga\n\n\nTerzo");
    await Promise.all([page.waitForURL(`${server.url}/admin/newsList/paragrafi?avviso=salvato`), page.click('button:has-text("Salva")')]);
    expect(rows(server, "SELECT description FROM News WHERE slug = 'paragrafi'")).toEqual([
      { description: "<p>Primo paragrafo, 3 &lt; 4 &amp; 5</p><p>Secondo paragrafo<br>seconda riga</p><p>Terzo</p>" },
    ]);
    await page.goto(`${server.url}/news/paragrafi`);
    expect(await page.locator(".rich-text p").count()).toBeGreaterThanOrEqual(3);
    await close();
  });

  it("with JavaScript, the rich-text toolbar speaks Italian", async () => {
    const { page, close } = await adminPage(true);
    await page.goto(`${server.url}/admin/newsCreate`);
    await hydrated(page);
    const toolbar = page.locator(".ql-toolbar").first();
    await toolbar.waitFor();
    const picker = toolbar.locator(".ql-header .ql-picker-label");
    expect(await picker.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Normale"');
    const names = await toolbar.locator("button, .ql-picker-label").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")));
    expect(names).toEqual([
      "Stile del testo",
      "Grassetto",
      "Corsivo",
      "Sottolineato",
      "Barrato",
      "Elenco numerato",
      "Elenco puntato",
      "Citazione",
      "Link",
      "Rimuovi la formattazione",
    ]);
    await picker.click();
    const items = await toolbar.locator(".ql-header .ql-picker-item").evaluateAll((els) => els.map((el) => getComputedStyle(el, "::before").content));
    expect(items).toEqual(['"Titolo"', '"Sottotitolo"', '"Normale"']);
    await close();
  });
});
