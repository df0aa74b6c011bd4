import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { saveBackToEditPage, staffPage } from "../support/auth";
import { acceptDialogs, browserPerWorker } from "../support/browser";
import { row, rows, run } from "../support/db";
import { pdfBytes, pngBytes } from "../support/files";
import { HttpClient } from "../support/http";
import { serverPerFile } from "../support/server";
import { first } from "../support/present";

const server = serverPerFile({ env: { SEED_DEMO: "0" } });
const browser = browserPerWorker();

const adminPage = (javaScriptEnabled: boolean) => staffPage(browser, server, { javaScriptEnabled });

async function hydrated(page: Page) {
  await page.locator('.admin[data-hydrated="true"]').waitFor();
}

const log = () => rows<{ description: string }>(server, "SELECT description FROM Activity ORDER BY id").map((r) => r.description);
const mediaFile = (url: string) => path.join(server.dataDir, "uploads", url.replace(/^\/media\//, ""));

describe("categories", () => {
  it("create, validation, edit and delete without JavaScript", async () => {
    const { page, close } = await adminPage(false);
    await page.goto(`${server.url}/admin/categoryCreate`);
    await page.fill("#name", "Colonne sonore");
    await page.fill("#name_eng", "");
    await page.click('button:has-text("Salva")');
    await page.getByText("Compila i campi obbligatori").first().waitFor();
    expect(await page.inputValue("#name")).toBe("Colonne sonore");

    await page.fill("#name_eng", "Soundtracks");
    await page.selectOption("#type", "music");
    await page.click('button:has-text("Salva")');
    await page.waitForURL(`${server.url}/admin/categoryList`);
    await page.getByRole("cell", { name: "Colonne sonore", exact: true }).waitFor();
    const cat = row<{ id: number }>(server, "SELECT id FROM Category WHERE name = 'Colonne sonore'");

    await page.getByRole("link", { name: "Modifica la categoria Colonne sonore" }).click();
    await page.waitForURL(`${server.url}/admin/categoryList/${cat.id}`);
    await page.fill("#name", "COLONNE SONORE");
    await page.click('button:has-text("Salva modifiche")');
    await page.waitForURL(`${server.url}/admin/categoryList`);
    await page.getByRole("cell", { name: "COLONNE SONORE", exact: true }).waitFor();

    await page.getByRole("link", { name: "Elimina la categoria COLONNE SONORE" }).click();
    await page.waitForURL(`${server.url}/admin/categoryList/${cat.id}/delete`);
    await page.getByText("Sei sicuro di voler eliminare questa categoria?").waitFor();
    await page.getByRole("button", { name: "Elimina" }).click();
    await page.waitForURL(/\/admin\/categoryList\?avviso=eliminato$/);
    expect(await page.getByRole("cell", { name: "COLONNE SONORE", exact: true }).count()).toBe(0);
    expect(rows(server, "SELECT id FROM Category WHERE id = ?", cat.id)).toHaveLength(0);
    expect(log()).toEqual(
      expect.arrayContaining(['Creata la categoria "Colonne sonore"', 'Modificata la categoria "COLONNE SONORE"', 'Eliminata la categoria "COLONNE SONORE"']),
    );
    await close();
  });

  it("deletes with a confirm dialog with JavaScript, and refuses a category still in use", async () => {
    run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Da eliminare', 'To delete', 'news')");
    run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Usata', 'Used', 'news')");
    const used = row<{ id: number }>(server, "SELECT id FROM Category WHERE name = 'Usata'");
    run(
      server,
      "INSERT INTO News (slug, title, titleEng, date, categoryId, updatedAt) VALUES ('usa-cat', 'Usa', 'Uses', '2026-01-01', ?, ?)",
      used.id,
      Date.now(),
    );
    const { page, errors, close } = await adminPage(true);
    await page.goto(`${server.url}/admin/categoryList?q=${encodeURIComponent("Da eliminare")}`);
    await hydrated(page);
    const messages = acceptDialogs(page);
    await page.getByRole("link", { name: "Elimina la categoria Da eliminare" }).click();
    await page.waitForURL(/avviso=eliminato/);
    await page.getByText("Elemento eliminato").waitFor();
    await expect.poll(() => page.getByRole("cell", { name: "Da eliminare", exact: true }).count()).toBe(0);
    expect(messages).toEqual(["Sei sicuro di voler eliminare questa categoria?"]);

    await page.goto(`${server.url}/admin/categoryList?q=Usata`);
    await hydrated(page);
    await page.getByRole("link", { name: "Elimina la categoria Usata" }).click();
    await page.getByText(/Impossibile eliminare la categoria "Usata": è ancora usata da 1 notizia/).waitFor();
    expect(rows(server, "SELECT id FROM Category WHERE id = ?", used.id)).toHaveLength(1);
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await close();
  });

  it("an edit page of a missing category goes back to the list with a message", async () => {
    const client = new HttpClient(server.url);
    await client.login();
    const res = await client.get("/admin/categoryList/999999");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/categoryList?avviso=non-trovato");
    expect(await (await client.get(res.headers.get("location")!)).text()).toContain("Elemento non trovato");
  });
});

describe("lists", () => {
  it("search, 30 rows per page, page sizes with Italian labels, all in the URL (no JavaScript)", async () => {
    const db = rows; // keep lint quiet about unused helper in this block
    void db;
    for (let i = 1; i <= 35; i++) {
      run(server, "INSERT INTO Category (name, nameEng, type) VALUES (?, ?, 'gallery')", `Serie ${String(i).padStart(2, "0")}`, `Series ${i}`);
    }
    const { page, close } = await adminPage(false);
    await page.goto(`${server.url}/admin/categoryList?q=Serie`);
    expect(await page.locator(".admin-table tbody tr").count()).toBe(30);
    await page.getByText("Pagina 1 di 2 · 35 elementi").waitFor();
    const labels = await page.locator("#list-size option").allTextContents();
    expect(labels).toEqual(["30 per pagina", "50 per pagina", "100 per pagina", "Tutti"]);
    await page.getByRole("link", { name: "Successiva ›" }).click();
    await page.waitForURL(`${server.url}/admin/categoryList?q=Serie&page=2`);
    expect(await page.locator(".admin-table tbody tr").count()).toBe(5);

    await page.selectOption("#list-size", "all");
    await page.click('.list-search button[type="submit"]');
    await page.waitForURL(/size=all/);
    expect(await page.locator(".admin-table tbody tr").count()).toBe(35);

    await page.fill("#list-q", "Serie 07");
    await page.click('.list-search button[type="submit"]');
    await page.waitForURL(/q=Serie\+07/);
    expect(await page.locator(".admin-table tbody tr").count()).toBe(1);
    await close();
  });
});

describe("news", () => {
  it("with JavaScript: rich text, attachment upload with progress, duplicate refusal, saved to /news/{slug}", async () => {
    run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Eventi', 'Events', 'news')");
    const { page, errors, close } = await adminPage(true);
    const tmp = fs.mkdtempSync(path.join(server.dataDir, "files-"));
    const pdf = path.join(tmp, "programma.pdf");
    fs.writeFileSync(pdf, pdfBytes());

    await page.goto(`${server.url}/admin/newsCreate`);
    await hydrated(page);
    // The two editors (Italian, English) mount each in its own time: wait for both, then name the
    // one to type in (CI typed into the English one, the only editor present when `.first()` resolved).
    await page.locator("#description .ql-editor").waitFor();
    await page.locator("#description_eng .ql-editor").waitFor();
    expect(await page.inputValue("#date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.selectOption("#category", { label: "Eventi" });
    await page.fill("#title", "<script>alert(1)</script> Concerto");
    await page.fill("#title_eng", "Concert");
    const editor = page.locator("#description .ql-editor");
    await editor.click();
    // Each step has its own check, so a failure says which one broke: focus, typing, or the report
    // to the posted field.
    await expect.poll(() => editor.evaluate((el) => el === document.activeElement), { message: "the Italian editor has the focus after the click" }).toBe(true);
    await page.keyboard.type("Serata ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("speciale");
    await page.keyboard.press("Control+b");
    await expect.poll(() => editor.innerHTML(), { message: "the typed text is in the editor", timeout: 10_000 }).toContain("<strong>speciale</strong>");
    // The editor reports its HTML to the hidden field the form posts: wait for it before going on.
    await expect
      .poll(() => page.locator('input[type="hidden"][name="description"]').inputValue(), {
        message: "the editor's HTML is in the posted field",
        timeout: 10_000,
      })
      .toContain("<strong>speciale</strong>");
    const box = await page.locator("#description .ql-container").boundingBox();
    expect(Math.round(box!.height)).toBe(200);

    // hold the upload so «Caricamento in corso» and the progress bar can be seen
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/admin/upload", async (route) => {
      await held;
      await route.continue();
    });
    await page.setInputFiles("#attachments", pdf);
    const item = page.locator(".file-list__item").first();
    await item.getByText("Caricamento in corso").waitFor();
    await expect(item.locator("progress").count()).resolves.toBe(1);
    expect(await item.getByText("programma.pdf").count()).toBe(1);
    release();
    const nameInput = page.getByLabel("Nome visualizzato di programma.pdf");
    await nameInput.waitFor();
    expect(await nameInput.inputValue()).toBe("programma");
    await nameInput.fill("Programma di sala");
    expect(rows(server, "SELECT tempName FROM Upload")).toHaveLength(1);

    const dialogs = acceptDialogs(page);
    await page.setInputFiles("#attachments", pdf);
    await expect.poll(() => dialogs).toEqual(["Il file selezionato è già esistente: programma.pdf"]);
    expect(await page.locator(".file-list__item").count()).toBe(1);

    await saveBackToEditPage(
      page,
      server,
      'button:has-text("Salva")',
      "/admin/newsList/script-alert-1-script-concerto",
      "/news/script-alert-1-script-concerto",
    );
    const news = row<{ id: number; title: string; description: string }>(
      server,
      "SELECT id, title, description FROM News WHERE slug = 'script-alert-1-script-concerto'",
    );
    expect(news.title).toBe("<script>alert(1)</script> Concerto");
    expect(news.description).toContain("<strong>speciale</strong>");
    const attachments = rows<{ name: string; url: string }>(server, "SELECT name, url FROM NewsAttachment WHERE newsId = ?", news.id);
    expect(attachments).toHaveLength(1);
    expect(first(attachments).name).toBe("Programma di sala");
    expect(first(attachments).url).toMatch(/^\/media\/attachments\/[0-9a-f]{32}\.pdf$/);
    expect(fs.existsSync(mediaFile(first(attachments).url))).toBe(true);
    expect(rows(server, "SELECT id FROM Upload")).toHaveLength(0);

    // the title shows literally in the admin list (never as markup)
    await page.goto(`${server.url}/admin/newsList?q=Concerto`);
    await page.getByRole("cell", { name: "<script>alert(1)</script> Concerto", exact: true }).waitFor();
    // and on the public page, where the description is rendered as sanitised HTML
    const publicHtml = await (await fetch(`${server.url}/news/script-alert-1-script-concerto`)).text();
    expect(publicHtml).not.toContain("<script>alert(1)</script>");
    expect(publicHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Concerto");
    expect(publicHtml).toContain("<strong>speciale</strong>");
    expect(log()).toContain('Creata la notizia "<script>alert(1)</script> Concerto"');
    expect(errors).toEqual([]);
    await close();
  });

  it("without JavaScript: textarea, files in the form post, sanitised HTML, edit and delete remove files", async () => {
    run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Stampa', 'Press', 'news')");
    const { page, close } = await adminPage(false);
    const tmp = fs.mkdtempSync(path.join(server.dataDir, "files-"));
    fs.writeFileSync(path.join(tmp, "foto.png"), await pngBytes("#336699"));
    fs.writeFileSync(path.join(tmp, "scheda.pdf"), pdfBytes("scheda"));

    await page.goto(`${server.url}/admin/newsCreate`);
    await page.selectOption("#category", { label: "Stampa" });
    await page.fill("#title", "");
    await page.fill("#title_eng", "Review");
    await page.fill("textarea#description", '<p>Testo <a href="javascript:alert(1)">x</a><script>alert(2)</script><a href="https://example.com">ok</a></p>');
    await page.click('button:has-text("Salva")');
    await page.getByText("Compila i campi obbligatori").first().waitFor();
    expect(await page.inputValue("#title_eng")).toBe("Review");
    expect(await page.inputValue("textarea#description")).toContain("Testo");

    await page.fill("#title", "Recensione");
    await page.setInputFiles("#image_file", path.join(tmp, "foto.png"));
    await page.setInputFiles("#attachments", path.join(tmp, "scheda.pdf"));
    await saveBackToEditPage(page, server, 'button:has-text("Salva")', "/admin/newsList/recensione", "/news/recensione");
    const news = row<{ id: number; description: string; image: string }>(server, "SELECT id, description, image FROM News WHERE slug = 'recensione'");
    expect(news.description).not.toContain("script");
    expect(news.description).not.toContain("javascript:");
    expect(news.description).toContain('href="https://example.com"');
    expect(news.image).toMatch(/^\/media\/images\/[0-9a-f]{32}\.png$/);
    const attachment = row<{ url: string; name: string }>(server, "SELECT url, name FROM NewsAttachment WHERE newsId = ?", news.id);
    expect(attachment.name).toBe("scheda");

    // edit: drop the attachment (untick); its file stays while the first revision names it (issue 24)
    await page.goto(`${server.url}/admin/newsList/recensione`);
    await page.getByLabel("scheda", { exact: true }).uncheck();
    await saveBackToEditPage(page, server, 'button:has-text("Salva modifiche")', "/admin/newsList/recensione", "/news/recensione");
    expect(rows(server, "SELECT id FROM NewsAttachment WHERE newsId = ?", news.id)).toHaveLength(0);
    expect(fs.existsSync(mediaFile(attachment.url))).toBe(true);
    expect(fs.existsSync(mediaFile(news.image))).toBe(true);

    await page.goto(`${server.url}/admin/newsList/recensione/delete`);
    await page.getByText("Sei sicuro di voler eliminare questa notizia?").waitFor();
    await page.getByRole("button", { name: "Elimina" }).click();
    await page.waitForURL(/\/admin\/newsList\?avviso=eliminato/);
    expect(rows(server, "SELECT id FROM News WHERE id = ?", news.id)).toHaveLength(0);
    // In the trash (issue 24): its files stay until it is purged.
    expect(fs.existsSync(mediaFile(news.image))).toBe(true);
    expect(log()).toEqual(
      expect.arrayContaining(['Creata la notizia "Recensione"', 'Modificata la notizia "Recensione"', 'Eliminata la notizia "Recensione"']),
    );

    const missing = await page.goto(`${server.url}/admin/newsList/recensione`);
    expect(missing?.url()).toBe(`${server.url}/admin/newsList?avviso=non-trovato`);
    await page.getByText("Elemento non trovato").waitFor();
    await close();
  });

  it("dashboard cards list the latest news and activities with their dates", async () => {
    const { page, close } = await adminPage(false);
    await page.goto(`${server.url}/admin/`);
    const card = page.locator('[data-card="card-news"]');
    await card.getByRole("link", { name: "<script>alert(1)</script> Concerto" }).waitFor();
    expect(await card.locator("tbody tr td").first().textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await card.getByRole("link", { name: "Vedi tutti" }).getAttribute("href")).toBe("/admin/newsList");
    expect(await card.getByRole("link", { name: "Aggiungi" }).getAttribute("href")).toBe("/admin/newsCreate");
    const activity = page.locator('[data-card="card-activities"] tbody tr td').first();
    expect(await activity.textContent()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    await page.goto(`${server.url}/admin/activityList?q=notizia`);
    await page.getByRole("cell", { name: 'Eliminata la notizia "Recensione"', exact: true }).waitFor();
    await close();
  });

  it("deletes a news item from the list with the confirm dialog (JavaScript); it goes to the trash with its attachment file", async () => {
    const news = row<{ id: number }>(server, "SELECT id FROM News WHERE slug = 'script-alert-1-script-concerto'");
    const attachment = row<{ url: string }>(server, "SELECT url FROM NewsAttachment WHERE newsId = ?", news.id);
    const { page, errors, close } = await adminPage(true);
    await page.goto(`${server.url}/admin/newsList?q=Concerto`);
    await hydrated(page);
    const dialogs = acceptDialogs(page);
    await page.getByRole("link", { name: "Elimina la notizia <script>alert(1)</script> Concerto" }).click();
    await page.waitForURL(/\/admin\/newsList\?avviso=eliminato/);
    expect(dialogs).toEqual(["Sei sicuro di voler eliminare questa notizia?"]);
    await expect.poll(() => page.getByRole("cell", { name: "<script>alert(1)</script> Concerto", exact: true }).count()).toBe(0);
    expect(rows(server, "SELECT id FROM News WHERE id = ?", news.id)).toHaveLength(0);
    expect(rows(server, "SELECT title FROM TrashEntry WHERE kind = 'news' AND itemId = ?", news.id)).toHaveLength(1);
    expect(fs.existsSync(mediaFile(attachment.url))).toBe(true);
    expect(log()).toContain('Eliminata la notizia "<script>alert(1)</script> Concerto"');
    expect(errors).toEqual([]);
    await close();
  });
});
