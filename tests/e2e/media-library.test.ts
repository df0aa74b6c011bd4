import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { staffPage } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { count, mediaFile, row, rows } from "../support/db";
import { pngBytes } from "../support/files";
import { appPerFile } from "../support/in-process";
import { newsPath } from "~/lib/paths";

// It uploads and edits content, so it has its own server on a copy of the demo.
const server = appPerFile();
const browser = browserPerWorker();

const png = async (name: string, color: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(await pngBytes(color, 64)) });

/** Uploads a file through the library's form (a native post without JavaScript) and answers its store key. */
async function uploadThroughLibrary(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
  await page.goto(`${server.url}/admin/media`);
  await page.setInputFiles("#media-upload-file", file);
  await page.getByRole("button", { name: "Carica", exact: true }).click();
  await page.waitForURL(/\/admin\/media\?avviso=caricata/);
  await page.getByText("Immagine caricata").waitFor();
  return row<{ key: string }>(server, "SELECT key FROM MediaImage WHERE fileName = ?", file.name).key;
}

const card = (page: Page, key: string) => page.locator(`li.media-card[data-key="${key}"]`);

/** The alt of the first <img> whose src is `url` (or one of its variants) on a public page. */
async function altOf(page: Page, path: string, selector: string, url: string): Promise<string | null> {
  await page.goto(`${server.url}${path}`);
  const img = page.locator(`${selector} img[src^="${url}"]`).first();
  await img.waitFor({ state: "attached" });
  return img.getAttribute("alt");
}

/** How many kept revisions (issue 24) name a stored file's URL. */
const revisionsNaming = (url: string) => row<{ n: number }>(server, "SELECT COUNT(*) AS n FROM Revision r, json_each(r.files) j WHERE j.value = ?", url).n;

describe("media library", () => {
  it("uploads without JavaScript, takes alt texts in both languages, and pages show them in a gallery picture and a label", async () => {
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    const key = await uploadThroughLibrary(page, await png("quartetto.png", "#2a5d8f"));
    const url = `/media/${key}`;
    expect(key).toMatch(/^images\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(mediaFile(server, url))).toBe(true);
    // The library holds it (one use of its stored file) although no page shows it yet.
    expect(row<{ refCount: number }>(server, "SELECT refCount FROM StoredFile WHERE key = ?", key).refCount).toBe(1);
    await card(page, key).getByText("Non usata da nessuna pagina.").waitFor();

    await card(page, key).getByLabel("Testo alternativo (italiano)").fill("Il quartetto sul palco della basilica");
    await card(page, key).getByLabel("Testo alternativo (inglese)").fill("The quartet on the basilica's stage");
    await card(page, key).getByRole("button", { name: "Salva testi" }).click();
    await page.waitForURL(/\/admin\/media\?avviso=salvato/);
    expect(rows(server, "SELECT altIt, altEn, decorative FROM MediaImage WHERE key = ?", key)).toEqual([
      { altIt: "Il quartetto sul palco della basilica", altEn: "The quartet on the basilica's stage", decorative: 0 },
    ]);

    // Picked from the library in the first picture of a gallery item and in a label (native selects).
    await page.goto(`${server.url}/admin/content/gallery/1`);
    await page.selectOption('select[name="content.0.src__library"]', url);
    await page.getByRole("button", { name: "Salva", exact: true }).last().click();
    await page.waitForURL(/\/admin\/content\/gallery\?avviso=salvato/);
    await page.goto(`${server.url}/admin/content/lable/1`);
    await page.selectOption('select[name="url__library"]', url);
    await page.getByRole("button", { name: "Salva", exact: true }).last().click();
    await page.waitForURL(/\/admin\/content\/lable\?avviso=salvato/);
    // The library, the gallery item and the label use it, and so does each kept revision that names it
    // (issue 24: a restore never points at a deleted file): the two saves above made one each.
    expect(revisionsNaming(`/media/${key}`)).toBe(2);
    expect(row<{ refCount: number }>(server, "SELECT refCount FROM StoredFile WHERE key = ?", key).refCount).toBe(3 + 2);

    expect(await altOf(page, "/gallery/1", ".gallery-item__picture", url)).toBe("Il quartetto sul palco della basilica");
    expect(await altOf(page, "/en/gallery/1", ".gallery-item__picture", url)).toBe("The quartet on the basilica's stage");
    expect(await altOf(page, "/art-direction", ".label-card", url)).toBe("Il quartetto sul palco della basilica");
    expect(await altOf(page, "/en/art-direction", ".label-card", url)).toBe("The quartet on the basilica's stage");

    // The library lists its uses, linking to their admin pages.
    await page.goto(`${server.url}/admin/media`);
    const uses = await card(page, key)
      .locator(".media-card__uses a")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(uses.sort()).toEqual(["/admin/content/gallery/1", "/admin/content/lable/1"]);

    // Marked decorative: alt="" whatever the texts say.
    await card(page, key).getByLabel("Decorativa (nessun testo alternativo)").check();
    await card(page, key).getByRole("button", { name: "Salva testi" }).click();
    await page.waitForURL(/\/admin\/media\?avviso=salvato/);
    expect(await altOf(page, "/en/art-direction", ".label-card", url)).toBe("");
  });

  it("the gallery lightbox shows the uploaded photo with its alt text", async () => {
    const key = row<{ key: string }>(server, "SELECT key FROM MediaImage WHERE fileName = 'quartetto.png'").key;
    const { page: admin } = await staffPage(browser, server, { javaScriptEnabled: false });
    await admin.goto(`${server.url}/admin/media`);
    await card(admin, key).getByLabel("Decorativa (nessun testo alternativo)").uncheck();
    await card(admin, key).getByRole("button", { name: "Salva testi" }).click();
    await admin.waitForURL(/avviso=salvato/);

    const { context } = await browser.newContext({ javaScriptEnabled: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/en/gallery`);
    await page.locator('.gallery__grid[data-hydrated="true"]').waitFor();
    await page.locator(".gallery-card").first().click();
    const picture = page.getByRole("dialog").locator(`img[src^="/media/${key}"]`);
    await picture.waitFor();
    expect(await picture.getAttribute("alt")).toBe("The quartet on the basilica's stage");
  });

  it("refuses to delete an image in use (409, with its uses), deletes an unused one with its file", async () => {
    const used = row<{ key: string }>(server, "SELECT key FROM MediaImage WHERE fileName = 'quartetto.png'").key;
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    await page.goto(`${server.url}/admin/media/elimina?chiave=${encodeURIComponent(used)}`);
    await page.getByText("L'immagine è ancora usata e non può essere eliminata").waitFor();
    expect(await page.getByRole("button", { name: "Elimina" }).isDisabled()).toBe(true);
    const refused = await page.request.post(`${server.url}/admin/media/elimina?chiave=${encodeURIComponent(used)}`, {
      form: { intent: "delete" },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("Galleria: «Quaderno di Ravenna» in concerto");
    expect(fs.existsSync(mediaFile(server, `/media/${used}`))).toBe(true);
    expect(count(server, "MediaImage", "key = ?", used)).toBe(1);

    const unused = await uploadThroughLibrary(page, await png("da-eliminare.png", "#8f2a2a"));
    expect(fs.existsSync(mediaFile(server, `/media/${unused}`))).toBe(true);
    await card(page, unused).getByRole("link", { name: "Elimina l'immagine da-eliminare.png" }).click();
    await page.getByText("Sei sicuro di voler eliminare questa immagine?").waitFor();
    await page.getByRole("button", { name: "Elimina" }).click();
    await page.waitForURL(/\/admin\/media\?avviso=eliminato/);
    expect(fs.existsSync(mediaFile(server, `/media/${unused}`))).toBe(false);
    expect(count(server, "MediaImage", "key = ?", unused)).toBe(0);
    expect(count(server, "StoredFile", "key = ?", unused)).toBe(0);
    expect(await card(page, unused).count()).toBe(0);
  });

  it("the filter «senza testo alternativo» lists only the images without both alt texts", async () => {
    const described = row<{ key: string }>(server, "SELECT key FROM MediaImage WHERE fileName = 'quartetto.png'").key;
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    const bare = await uploadThroughLibrary(page, await png("senza-testo.png", "#2a8f4d"));
    await page.getByRole("link", { name: /Senza testo alternativo/ }).click();
    await page.waitForURL(/filtro=senza-alt/);
    expect(await card(page, bare).count()).toBe(1);
    expect(await card(page, described).count()).toBe(0);
    // The demo's pictures have no alt texts yet: they are listed too, and every card listed lacks one.
    expect(await page.locator('li.media-card[data-missing-alt="false"]').count()).toBe(0);
    expect(await page.locator("li.media-card").count()).toBeGreaterThan(1);
  });

  it("replaces an image in use: a new key, every reference and the alt texts moved in one save, the old file kept only for the revisions", async () => {
    const old = row<{ key: string }>(server, "SELECT key FROM MediaImage WHERE fileName = 'quartetto.png'").key;
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    await page.goto(`${server.url}/admin/media`);
    await card(page, old)
      .getByLabel("Sostituisci con")
      .setInputFiles(await png("quartetto-nuovo.png", "#d9a441"));
    await card(page, old).getByRole("button", { name: "Sostituisci", exact: true }).click();
    await page.waitForURL(/\/admin\/media\?avviso=sostituita/);
    const fresh = row<{ key: string; altIt: string }>(server, "SELECT key, altIt FROM MediaImage WHERE fileName = 'quartetto-nuovo.png'");
    expect(fresh.key).not.toBe(old);
    expect(fresh.altIt).toBe("Il quartetto sul palco della basilica");
    const gallery = (await (await fetch(`${server.url}/data/gallery.json`)).json()) as { gallery: { id: number; content: { src: string }[] }[] };
    expect(gallery.gallery.find((g) => g.id === 1)?.content[0]?.src).toBe(`/media/${fresh.key}`);
    const labels = (await (await fetch(`${server.url}/data/lable.json`)).json()) as { lable: { id: number; url: string }[] };
    expect(labels.lable.find((l) => l.id === 1)?.url).toBe(`/media/${fresh.key}`);
    // Three rows use it, and the replace is a save of the two content pages it rewrote: each kept a revision naming it.
    expect(revisionsNaming(`/media/${fresh.key}`)).toBe(2);
    expect(row<{ refCount: number }>(server, "SELECT refCount FROM StoredFile WHERE key = ?", fresh.key).refCount).toBe(3 + 2);
    // The old file leaves every page and the library; the revisions made before the replace still name
    // it, so it stays stored (and on disk) for a restore until they are pruned (issue 24).
    const kept = revisionsNaming(`/media/${old}`);
    expect(kept).toBeGreaterThan(0);
    expect(row<{ refCount: number }>(server, "SELECT refCount FROM StoredFile WHERE key = ?", old).refCount).toBe(kept);
    expect(fs.existsSync(mediaFile(server, `/media/${old}`))).toBe(true);
  });

  it("a news cover picked from the library without JavaScript: the public page shows it with its alt texts, the file counted once more", async () => {
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    const key = await uploadThroughLibrary(page, await png("copertina.png", "#8f2a4b"));
    const url = `/media/${key}`;
    await card(page, key).getByLabel("Testo alternativo (italiano)").fill("Il coro durante la prova generale");
    await card(page, key).getByLabel("Testo alternativo (inglese)").fill("The choir at the dress rehearsal");
    await card(page, key).getByRole("button", { name: "Salva testi" }).click();
    await page.waitForURL(/\/admin\/media\?avviso=salvato/);

    const { slug } = row<{ slug: string }>(server, "SELECT slug FROM News ORDER BY id LIMIT 1");
    await page.goto(`${server.url}/admin/newsList/${slug}`);
    // A pick that is not in the library (a forged option) is refused with the field's message, nothing saved.
    await page.locator('select[name="image__library"]').evaluate((select: HTMLSelectElement) => {
      select.add(new Option("altro", "/media/images/00000000000000000000000000000000.png"));
      select.value = "/media/images/00000000000000000000000000000000.png";
    });
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    expect((await refused).status()).toBe(400);
    await page.locator("#image_file-error").getByText("L'immagine scelta non è più nella libreria Media").waitFor();
    expect(row<{ image: string | null }>(server, "SELECT image FROM News WHERE slug = ?", slug).image).not.toBe(url);

    await page.goto(`${server.url}/admin/newsList/${slug}`);
    await page.selectOption('select[name="image__library"]', url);
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    await page.waitForURL((address) => address.search === "?avviso=salvato");
    expect(row<{ image: string | null }>(server, "SELECT image FROM News WHERE slug = ?", slug).image).toBe(url);
    // The library's row, the news item and the revision its save made each count one use.
    expect(revisionsNaming(url)).toBe(1);
    expect(row<{ refCount: number }>(server, "SELECT refCount FROM StoredFile WHERE key = ?", key).refCount).toBe(3);

    expect(await altOf(page, newsPath(slug), ".news-detail__image", url)).toBe("Il coro durante la prova generale");
    expect(await altOf(page, newsPath(slug, "en"), ".news-detail__image", url)).toBe("The choir at the dress rehearsal");
  });

  it("the library page fits 390 and 1440 px, and uploads with a progress bar when JavaScript is on", async () => {
    for (const width of [390, 1440]) {
      const { page, errors } = await staffPage(browser, server, { javaScriptEnabled: true, viewport: { width, height: 900 } });
      await page.goto(`${server.url}/admin/media`);
      await page.locator('.admin[data-hydrated="true"]').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      const thumb = await page.locator("li.media-card img").first().boundingBox();
      expect(thumb!.width).toBeGreaterThan(50);
      expect(thumb!.x + thumb!.width).toBeLessThanOrEqual(width);
      if (width === 1440) {
        await page.setInputFiles("#media-upload-file", await png("con-js.png", "#6b2a8f"));
        await page.getByRole("button", { name: "Carica", exact: true }).click();
        await page.waitForURL(/\/admin\/media\?avviso=caricata/);
        await page.getByText("Immagine caricata").waitFor();
        expect(count(server, "MediaImage", "fileName = 'con-js.png'")).toBe(1);
      }
      expect(errors).toEqual([]);
    }
  });
});
