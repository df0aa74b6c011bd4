// Issue 38, the press kit: /press and /en/press over HTTP (biographies, photos with their credits and a download of
// the original without metadata, quotes, selected works, the press contact, the footer's link), /press/kit.zip and
// /en/press/kit.zip read back with a zip reader, an admin edit that shows at once and makes the zip again, and the
// biographies' word limits (a 400 naming the field, in Italian). The pages in Chromium: press-kit-pages.test.ts.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { count, rows } from "../support/db";
import { formOf, type Item } from "../support/content-edits";
import { expectJson, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

// It writes content, so it has its own server on a copy of the demo content.
const server = appPerFile();

const shipped = (kind: string) => (JSON.parse(fs.readFileSync(path.join("content", "data", `${kind}.json`), "utf8")) as Record<string, Item[]>)[kind]!;
const bio = shipped("press_bio")[0]!;

async function pageText(p: string): Promise<string> {
  const res = await fetch(`${server.url}${p}`);
  expect(res.status, p).toBe(200);
  return res.text();
}

/** React escapes quotes and apostrophes in text: a text as the page's HTML holds it. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The entries of a zip, name to bytes, read with yauzl (not the library that wrote it). */
async function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith("/")) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

async function kit(p: string): Promise<{ res: Response; entries: Map<string, Buffer> }> {
  const res = await fetch(`${server.url}${p}`);
  expect(res.status, p).toBe(200);
  return { res, entries: await zipEntries(Buffer.from(await res.arrayBuffer())) };
}

/** The concerts a press page lists, by slug, in its order. */
const listedSlugs = (page: string) => [...concertsSection(page).matchAll(/data-slug="([^"]+)"/g)].map((m) => m[1]);
const listedTitles = (page: string) => [...concertsSection(page).matchAll(/<h3 class="event-card__title"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
function concertsSection(page: string): string {
  const start = page.indexOf('id="press-concerts"');
  return start === -1 ? "" : page.slice(start, page.indexOf('id="press-contact"'));
}

const keptKits = () => fs.readdirSync(path.join(server.dataDir, "uploads", ".press-kit")).sort();

async function staffClient() {
  const staff = new HttpClient(server.url);
  await staff.login();
  return staff;
}

describe("/press and /en/press", () => {
  it("show the biographies as text, the photos with their credits and downloads, the quotes, selected works and the press contact, in each language", async () => {
    const italian = await pageText("/press");
    expect(italian).toContain('<h1 class="page-hero__title">Cartella stampa</h1>');
    for (const field of ["short", "medium"]) expect(italian).toContain(html(String(bio[field])));
    expect(italian).toContain(`${String(bio.short).split(/\s+/).length} parole`);
    expect(italian).toContain("Foto: Chiara Lodi");
    expect(italian).toContain('href="/press/photos/1" download=""');
    expect(italian).toContain("12 ottobre 2025");
    expect(italian).toContain('<time dateTime="2025-10-12">');
    expect(italian).toMatch(/href="\/compositions\/[^"/]+\/[^"/]+"/);
    expect(italian).toContain('href="mailto:info@elenamarchetti.example"');
    expect(italian).toContain('href="/press/kit.zip" download=""');
    // The copy buttons come with JavaScript only: nothing to press without it.
    expect(italian).not.toContain("press-bio__copy");
    // The demo's three upcoming concerts, soonest first (the cancelled one with its state).
    expect(listedTitles(italian)).toEqual(["Quaderno di Ravenna a Lisbona", "«Il fiume lento» a Parigi", "La tempesta a Ferrara"]);
    expect(italian).toContain('<span class="badge event-status event-status--cancelled">Annullato</span>');

    const english = await pageText("/en/press");
    expect(english).toContain('<h1 class="page-hero__title">Press kit</h1>');
    expect(english).toContain(html(String(bio.short_eng)));
    expect(english).not.toContain(html(String(bio.short)));
    expect(english).toContain("12 October 2025");
    expect(english).toMatch(/href="\/en\/compositions\/[^"/]+\/[^"/]+"/);
    expect(english).toContain('href="/en/press/kit.zip" download=""');
    expect(listedTitles(english)).toHaveLength(3);

    // Linked from every page's footer, in its language.
    expect(await pageText("/")).toMatch(/<a[^>]* href="\/press"[^>]*>Cartella stampa<\/a>/);
    expect(await pageText("/en")).toMatch(/<a[^>]* href="\/en\/press"[^>]*>Press kit<\/a>/);
  });

  it("a photo's download is its full-resolution original without metadata (a stored file of an earlier release kept its EXIF)", async () => {
    // A picture as earlier releases stored it, with the camera's metadata: a name and a place.
    const withExif = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#5a6b7c" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Fotografo Segreto", Copyright: "Privato" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    fs.writeFileSync(path.join(server.dataDir, "uploads", "content", "press-exif.jpg"), withExif);
    const staff = new HttpClient(server.url);
    await staff.apiLogin();
    const document = await staff.getJson<{ press_photos: Item[] }>("/api/content/press_photos/");
    document.press_photos.push({ id: 9, src: "/media/content/press-exif.jpg", title: "Prova generale", title_eng: "Dress rehearsal", credit: "Anna Neri" });
    await expectJson(await staff.request("PUT", "/api/content/press_photos/", { json: document }), "PUT press_photos");

    const res = await fetch(`${server.url}/press/photos/9`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-disposition")).toBe("attachment; filename=prova-generale.jpg");
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect({ width: meta.width, height: meta.height, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({
      width: 1600,
      height: 1000,
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
    });
    expect(bytes.includes("Fotografo Segreto")).toBe(false);
    expect(await pageText("/press")).toContain("Foto: Anna Neri");
    // An unknown photo, or no number: not found.
    for (const p of ["/press/photos/999", "/press/photos/abc", "/press/photos/01"]) expect((await fetch(`${server.url}${p}`)).status, p).toBe(404);
  });
});

describe("/press/kit.zip", () => {
  it("holds the photos, their credits and the biographies as text files of its language; kept while nothing changes", async () => {
    const { res, entries } = await kit("/press/kit.zip");
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe("attachment; filename=cartella-stampa-elena-marchetti.zip");
    const names = [...entries.keys()].sort();
    expect(names.filter((n) => n.endsWith(".txt"))).toEqual([
      "cartella-stampa-elena-marchetti/biografia-breve.txt",
      "cartella-stampa-elena-marchetti/biografia-lunga.txt",
      "cartella-stampa-elena-marchetti/biografia-media.txt",
      "cartella-stampa-elena-marchetti/crediti-foto.txt",
      "cartella-stampa-elena-marchetti/prossimi-concerti.txt",
    ]);
    const concerts = entries.get("cartella-stampa-elena-marchetti/prossimi-concerti.txt")?.toString("utf8") ?? "";
    expect(concerts.split("\n\n").map((block) => block.split("\n")[1])).toEqual([
      "Quaderno di Ravenna a Lisbona",
      "«Il fiume lento» a Parigi",
      "La tempesta a Ferrara",
    ]);
    expect(concerts).toContain("Paris (Francia)\nAnnullato\n");
    expect(entries.get("cartella-stampa-elena-marchetti/biografia-breve.txt")?.toString("utf8")).toBe(`${String(bio.short)}\n`);
    expect(entries.get("cartella-stampa-elena-marchetti/biografia-lunga.txt")?.toString("utf8")).toBe(`${String(bio.long)}\n`);
    const photos = names.filter((n) => n.startsWith("cartella-stampa-elena-marchetti/foto/"));
    expect(photos.length).toBeGreaterThanOrEqual(3);
    for (const photo of photos) expect((await sharp(entries.get(photo)).metadata()).width, photo).toBeGreaterThan(0);
    const credits = entries.get("cartella-stampa-elena-marchetti/crediti-foto.txt")?.toString("utf8") ?? "";
    expect(credits).toContain("© Chiara Lodi");
    for (const photo of photos) expect(credits).toContain(path.basename(photo));

    const english = await kit("/en/press/kit.zip");
    expect(english.res.headers.get("content-disposition")).toBe("attachment; filename=elena-marchetti-press-kit.zip");
    expect(english.entries.get("elena-marchetti-press-kit/biography-short.txt")?.toString("utf8")).toBe(`${String(bio.short_eng)}\n`);
    expect([...english.entries.keys()].filter((n) => n.startsWith("elena-marchetti-press-kit/photos/"))).toHaveLength(photos.length);

    // Made once: asked again, the same kit (and a 304 for the client's copy).
    const kept = keptKits();
    expect(kept).toHaveLength(2);
    const again = await fetch(`${server.url}/press/kit.zip`, { headers: { "If-None-Match": String(res.headers.get("etag")) } });
    expect(again.status).toBe(304);
    expect(keptKits()).toEqual(kept);
  });

  it("an edit in the admin shows at once on /press and in the next kit, which is made again", async () => {
    await kit("/press/kit.zip");
    const before = keptKits();
    const staff = await staffClient();
    const current = (await staff.getJson<{ press_bio: Item[] }>("/api/content/press_bio/")).press_bio[0]!;
    const saved = await staff.post("/admin/content/press_bio/1", formOf({ ...current, short: "Una biografia breve riscritta adesso." }));
    expect(saved.status).toBe(302);
    expect(await pageText("/press")).toContain("Una biografia breve riscritta adesso.");
    const { entries } = await kit("/press/kit.zip");
    expect(entries.get("cartella-stampa-elena-marchetti/biografia-breve.txt")?.toString("utf8")).toBe("Una biografia breve riscritta adesso.\n");
    // The Italian kit was made again and the one before removed; the English one is as it was.
    const after = keptKits();
    expect(after).toHaveLength(before.length);
    expect(after.filter((name) => name.startsWith("it-"))).not.toEqual(before.filter((name) => name.startsWith("it-")));
    expect(after.filter((name) => name.startsWith("en-"))).toEqual(before.filter((name) => name.startsWith("en-")));
  });
});

describe("the biographies' word limits", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `parola${i}`).join(" ");

  it("PUT api/content/press_bio/: a 400 naming the field, nothing saved", async () => {
    const staff = new HttpClient(server.url);
    await staff.apiLogin();
    const document = await staff.getJson<{ press_bio: Item[] }>("/api/content/press_bio/");
    const activities = count(server, "Activity");
    const res = await staff.request("PUT", "/api/content/press_bio/", {
      json: { press_bio: [{ ...document.press_bio[0], short_eng: words(51), medium: words(150) }] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ "press_bio.0.short_eng": "Al massimo 50 parole: ne ha 51" });
    expect(await staff.getJson("/api/content/press_bio/")).toEqual(document);
    expect(count(server, "Activity")).toBe(activities);
  });

  it("the admin form: a 400 that names the field in Italian and keeps what was typed", async () => {
    const staff = await staffClient();
    const current = (await staff.getJson<{ press_bio: Item[] }>("/api/content/press_bio/")).press_bio[0]!;
    const res = await staff.post("/admin/content/press_bio/1", formOf({ ...current, medium: words(151) }));
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain("«Biografia media (al massimo 150 parole) (italiano)»: Al massimo 150 parole: ne ha 151");
    expect(page).toContain("parola150");
  });
});

describe("the next concerts", () => {
  it("up to five published upcoming ones, soonest first, in the page's language and Rome time, on /press and in the kit; an edit shows at once and makes the kit again", async () => {
    const api = new HttpClient(server.url);
    await api.apiLogin();
    // The demo's concerts to the trash: with none ahead, no section and no file.
    for (const { id } of rows<{ id: number }>(server, 'SELECT "id" FROM "Event"')) expect((await api.request("DELETE", `/api/events/${id}/`)).status).toBe(204);
    expect(await pageText("/press")).not.toContain('id="press-concerts"');
    expect([...(await kit("/press/kit.zip")).entries.keys()].some((name) => name.includes("concerti"))).toBe(false);

    const create = async (word: string, startsAt: string, extra: Record<string, unknown> = {}) => {
      const json = {
        title: `Concerto ${word}`,
        title_eng: `Concert ${word}`,
        venue: `Teatro ${word}`,
        city: "Vicenza",
        country: "it",
        starts_at: startsAt,
        ...extra,
      };
      const res = await api.request("POST", "/api/events/", { json });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as { id: number; slug: string };
    };
    // Made out of order; 19:00 UTC is 21:00 in Rome in July. A draft, a past concert and the sixth upcoming one are not listed.
    const twenty = await create("Venti", "2031-07-20T19:00:00Z");
    const seventeen = await create("Diciassette", "2031-07-17T19:00:00Z");
    const fifteen = await create("Quindici", "2031-07-15T19:00:00Z");
    const nineteen = await create("Diciannove", "2031-07-19T19:00:00Z");
    const sixteen = await create("Sedici", "2031-07-16T19:00:00Z", { event_status: "cancelled" });
    const eighteen = await create("Diciotto", "2031-07-18T19:00:00Z");
    await create("Bozza", "2031-07-14T19:00:00Z", { status: "draft" });
    await create("Passato", "2025-03-01T19:00:00Z");

    // React marks where its text pieces meet (<!-- -->): read as a visitor does.
    const italian = (await pageText("/press")).replaceAll("<!-- -->", "");
    expect(listedSlugs(italian)).toEqual([fifteen.slug, sixteen.slug, seventeen.slug, eighteen.slug, nineteen.slug]);
    expect(italian).toContain("martedì 15 luglio 2031");
    expect(italian).toContain(`href="/events/${fifteen.slug}"`);
    expect(italian).toContain("Teatro Quindici, Vicenza (Italia)");
    expect(italian).toContain("Annullato");
    const english = (await pageText("/en/press")).replaceAll("<!-- -->", "");
    expect(listedSlugs(english)).toEqual(listedSlugs(italian));
    expect(english).toContain("Tuesday, 15 July 2031");
    expect(english).toContain(`href="/en/events/${fifteen.slug}"`);
    expect(english).toContain("Concert Quindici");

    const before = keptKits();
    const concerts = (await kit("/press/kit.zip")).entries.get("cartella-stampa-elena-marchetti/prossimi-concerti.txt")?.toString("utf8") ?? "";
    const blocks = concerts.trimEnd().split("\n\n");
    expect(blocks).toHaveLength(5);
    expect(blocks.slice(0, 2)).toEqual([
      `martedì 15 luglio 2031, 21:00\nConcerto Quindici\nTeatro Quindici, Vicenza (Italia)\n${server.url}/events/${fifteen.slug}`,
      `mercoledì 16 luglio 2031, 21:00\nConcerto Sedici\nTeatro Sedici, Vicenza (Italia)\nAnnullato\n${server.url}/events/${sixteen.slug}`,
    ]);
    const englishConcerts = (await kit("/en/press/kit.zip")).entries.get("elena-marchetti-press-kit/next-concerts.txt")?.toString("utf8");
    expect(englishConcerts?.split("\n\n")[0]).toBe(
      `Tuesday, 15 July 2031, 21:00\nConcert Quindici\nTeatro Quindici, Vicenza (Italy)\n${server.url}/en/events/${fifteen.slug}`,
    );
    // A concert edit is a content change: both languages' kits were made again.
    expect(keptKits()).not.toEqual(before);

    // Moved to the 14th, the last one is now the first: on the page at once, and in the next kit.
    const moved = await api.request("PATCH", `/api/events/${twenty.id}/`, { json: { starts_at: "2031-07-14T19:00:00Z" } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(listedSlugs(await pageText("/press"))).toEqual([twenty.slug, fifteen.slug, sixteen.slug, seventeen.slug, eighteen.slug]);
    const after = (await kit("/press/kit.zip")).entries.get("cartella-stampa-elena-marchetti/prossimi-concerti.txt")?.toString("utf8") ?? "";
    expect(after.split("\n\n")[0]).toBe(`lunedì 14 luglio 2031, 21:00\nConcerto Venti\nTeatro Venti, Vicenza (Italia)\n${server.url}/events/${twenty.slug}`);
  });
});
