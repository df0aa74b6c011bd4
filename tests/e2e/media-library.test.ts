import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { staffPage } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { count, mediaFile, row, rows } from "../support/db";
import { pngBytes } from "../support/files";
import { formData, HttpClient } from "../support/http";
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
    await page.waitForURL(/stato=senza-alt/);
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

describe("the library an owner can use (issue 35.8), over HTTP without JavaScript", () => {
  const imagePart = async (name: string, color: string): Promise<[Blob, string]> => [new Blob([await pngBytes(color, 48)], { type: "image/png" }), name];
  /** The cards of a library page, by store key: the name, alt state and uses each shows. */
  async function cards(client: HttpClient, query = "") {
    const html = await (await client.get(`/admin/media${query}`)).text();
    // Each card runs from its <li> to the next one (or the end of the grid).
    const found = html
      .split('<li class="media-card admin-card"')
      .slice(1)
      .map((card) => [/data-key="([^"]+)"/.exec(card)?.[1] ?? "", card.split("</ul><nav")[0]!] as const);
    return {
      html,
      keys: found.map((m) => m[0]),
      card: (key: string) => found.find((m) => m[0] === key)?.[1] ?? "",
    };
  }

  it("names each image by its uploaded file, says its uses and alt state, searches, filters, pages, and a replace leaves no extra image without alt", async () => {
    const admin = new HttpClient(server.url);
    await admin.login();
    // A cover uploaded with the news form (no JavaScript) keeps its file's name with its bytes.
    const { slug, title, categoryId } = row<{ slug: string; title: string; categoryId: number }>(
      server,
      "SELECT slug, title, categoryId FROM News ORDER BY id LIMIT 1",
    );
    const news = rows<Record<string, string>>(server, "SELECT titleEng, description, descriptionEng, date FROM News WHERE slug = ?", slug)[0]!;
    const saved = await admin.post(
      `/admin/newsList/${slug}`,
      formData({
        category: String(categoryId),
        title,
        title_eng: news.titleEng!,
        description: news.description!,
        description_eng: news.descriptionEng!,
        date: news.date!,
        image_file: await imagePart("Locandina estate 2027.png", "#3a7d44"),
      }),
    );
    expect(saved.status).toBe(302);
    const cover = row<{ image: string }>(server, "SELECT image FROM News WHERE slug = ?", slug).image.replace("/media/", "");
    expect(row(server, "SELECT originalName FROM StoredFile WHERE key = ?", cover)).toEqual({ originalName: "Locandina estate 2027.png" });
    // One uploaded through the library, used by nothing.
    expect((await admin.post("/admin/media", formData({ intent: "upload", file: await imagePart("prova-luci.png", "#7d3a6b") }))).status).toBe(302);
    const unused = row<{ key: string }>(server, "SELECT key FROM MediaImage WHERE fileName = 'prova-luci.png'").key;

    const all = await cards(admin, "?size=all");
    expect(all.card(cover)).toContain('<h2 class="media-card__name">Locandina estate 2027.png</h2>');
    expect(all.card(cover)).toContain(`<a href="/admin/newsList/${slug}" data-discover="true">Notizia: ${title}</a>`);
    expect(all.card(cover)).toContain("Testo alternativo: manca.");
    expect(all.card(unused)).toContain("Non usata da nessuna pagina.");
    // A picture stored before names were kept (the demo's) says so, and is named by its stored name.
    const nameless = rows<{ key: string }>(
      server,
      "SELECT f.key FROM StoredFile f LEFT JOIN MediaImage m ON m.key = f.key WHERE f.key LIKE 'images/%' AND f.originalName IS NULL AND COALESCE(m.fileName, '') = ''",
    ).filter(({ key }) => all.keys.includes(key));
    expect(nameless.length).toBeGreaterThan(0);
    expect(all.card(nameless[0]!.key)).toContain(
      `<h2 class="media-card__name">${nameless[0]!.key.split("/")[1]}</h2><p class="media-card__note">Nome del file caricato non conservato`,
    );

    expect((await admin.post("/admin/media", { intent: "alt", key: cover, altIt: "Il manifesto del festival", altEn: "" })).status).toBe(302);
    expect((await cards(admin, "?size=all")).card(cover)).toContain("Testo alternativo: manca in inglese.");
    expect((await admin.post("/admin/media", { intent: "alt", key: cover, altIt: "Il manifesto del festival", altEn: "The festival poster" })).status).toBe(
      302,
    );
    expect((await cards(admin, "?size=all")).card(cover)).toContain("Testo alternativo: presente in italiano e in inglese.");

    // Search by file name (any case) and by alt text, in either language.
    expect((await cards(admin, "?q=LOCANDINA")).keys).toEqual([cover]);
    expect((await cards(admin, "?q=festival+poster")).keys).toEqual([cover]);
    expect((await cards(admin, "?q=nessuna-immagine-cos%C3%AC")).html).toContain("Nessuna immagine trovata per «nessuna-immagine-così».");
    // The filters, also with a search.
    const unusedOnly = await cards(admin, "?stato=non-usate&size=all");
    expect(unusedOnly.keys).toContain(unused);
    expect(unusedOnly.keys).not.toContain(cover);
    expect(unusedOnly.keys.every((key) => unusedOnly.card(key).includes("Non usata da nessuna pagina."))).toBe(true);
    const missing = await cards(admin, "?stato=senza-alt&size=all");
    expect(missing.keys).toContain(unused);
    expect(missing.keys).not.toContain(cover);
    expect((await cards(admin, "?stato=senza-alt&q=prova-luci")).keys).toEqual([unused]);
    // Pages of 30: every image once, the filter carried by the links.
    const total = all.keys.length;
    expect(total).toBeGreaterThan(30);
    const first = await cards(admin);
    const second = await cards(admin, "?page=2");
    expect(first.keys).toHaveLength(30);
    expect(new Set([...first.keys, ...second.keys]).size).toBe(Math.min(total, 60));
    expect(first.html).toContain(`Pagina 1 di ${Math.ceil(total / 30)} · ${total} elementi`);
    expect(first.html).toContain('href="/admin/media?page=2"');
    const missingCount = missing.keys.length;
    if (missingCount > 30) expect((await cards(admin, "?stato=senza-alt")).html).toContain('href="/admin/media?stato=senza-alt&amp;page=2"');

    // Replaced: the new picture takes the place and the alt texts; the old one, still kept by the news
    // item's revisions for a restore, is no longer listed (not one more image without alt).
    const replaced = await admin.post(
      "/admin/media",
      formData({ intent: "replace", key: cover, file: await imagePart("Locandina estate 2027 v2.png", "#44aa55") }),
    );
    expect(replaced.status).toBe(302);
    const fresh = row<{ image: string }>(server, "SELECT image FROM News WHERE slug = ?", slug).image.replace("/media/", "");
    expect(row<{ refCount: number }>(server, "SELECT refCount FROM StoredFile WHERE key = ?", cover).refCount).toBeGreaterThan(0);
    const after = await cards(admin, "?size=all");
    expect(after.keys).not.toContain(cover);
    expect(after.keys).toHaveLength(total);
    expect(after.card(fresh)).toContain("Locandina estate 2027 v2.png");
    expect(after.card(fresh)).toContain("Testo alternativo: presente in italiano e in inglese.");
    expect((await cards(admin, "?stato=senza-alt&size=all")).keys).toHaveLength(missingCount);
  });
});
