import fs from "node:fs";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { beforeAll, describe, expect, it } from "vitest";
import { makeDemoScore } from "~/demo/demo-media.server";
import { count, mediaFile, row } from "../support/db";
import { filesUnder, TINY_PNG, tinyPngFile, uniquePdf } from "../support/files";
import { expectJson, formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

/**
 * Issue 36, points 1 to 3 and the catalogue half of 5: the catalogue fields of a composition through
 * api/ and the admin form (no JavaScript: plain form posts), the perusal score stamped once and its
 * original kept private, /works with its GET filters in both languages, a composition's «Scheda» and
 * its MusicComposition JSON-LD, on the demo content.
 */
const server = appPerFile();
let staff: HttpClient;

beforeAll(async () => {
  staff = new HttpClient(server.url);
  await staff.apiLogin();
});

/** A real PDF of `pages` pages (what an engraving program exports). */
async function scorePdf(pages: number, options: { encrypted?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let n = 0; n < pages; n++) doc.addPage([595, 842]).drawText(`Battuta ${n + 1}`, { x: 60, y: 780, size: 12 });
  if (options.encrypted) doc.encrypt({ userPassword: "segreta", ownerPassword: "segretissima" });
  return doc.save();
}

const STANDARD_FONTS = `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`;

/** The text of each page of a PDF, as a reader extracts it (pdf.js, not the library that wrote it). */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl: STANDARD_FONTS }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return texts;
}

const musicCategory = async () => ((await staff.getJson("/api/category/?type=music")) as { id: number; name: string }[])[0]!;
const html = async (path: string, client?: HttpClient) => {
  const res = client ? await client.get(path) : await fetch(`${server.url}${path}`, { redirect: "manual" });
  return { status: res.status, text: await res.text() };
};
/** The stored files (not the temporary uploads, nor derived files in dot folders). */
const storedFiles = () => filesUnder(`${server.dataDir}/uploads`).filter((f) => !/\/(tmp|\.[^/]+)\//.test(f));

describe("the catalogue fields on api/", () => {
  it("round-trips every field, answers the score's stamped copy and pages, and keeps them through an old client's PATCH", async () => {
    const category = await musicCategory();
    const form = formData({
      category: String(category.id),
      title: "Trio delle lagune",
      link: "https://example.com/trio",
      img: tinyPngFile("cover.png"),
      year: "2024",
      duration_minutes: "12,5",
      ensemble: "chamber",
      instrumentation: "cl, vc, pf",
      instrumentation_eng: "cl, vc, pf",
      instruments: "piano,clarinet",
      premiere: "Trio Laguna, Venezia, 2 marzo 2025",
      premiere_eng: "Trio Laguna, Venice, 2 March 2025",
      commission: "Festival della Laguna",
      publisher: "Edizioni Aulicus",
      score: [new Blob([new Uint8Array(await scorePdf(3))]), "trio.pdf"],
    });
    form.append("instruments", "cello");
    const created = await expectJson(await staff.request("POST", "/api/music/", { form }), "create");
    expect(created).toMatchObject({
      year: 2024,
      duration_minutes: 12.5,
      ensemble: "chamber",
      instrumentation: "cl, vc, pf",
      // Both parts counted, in the vocabulary's order.
      instruments: ["clarinet", "piano", "cello"],
      premiere_eng: "Trio Laguna, Venice, 2 March 2025",
      commission: "Festival della Laguna",
      commission_eng: "",
      publisher: "Edizioni Aulicus",
      score_url: expect.stringMatching(/^\/media\/attachments\/[0-9a-f]{32}\.pdf$/),
      score_pages: 3,
    });
    const saved = row<{ score: string; scoreOriginal: string }>(server, "SELECT score, scoreOriginal FROM Music WHERE id = ?", created.id);
    expect(saved.scoreOriginal).toMatch(/^\/media\/scores\//);

    // An old client's body: only the title. Everything of the catalogue stays.
    const patched = await expectJson(await staff.request("PATCH", `/api/music/${created.id}/`, { json: { title: "Trio delle lagune (2025)" } }), "patch");
    expect(patched).toMatchObject({ year: 2024, instruments: ["clarinet", "piano", "cello"], score_url: created.score_url, score_pages: 3 });
    // JSON numbers and lists, null for none; the score's URL sent back keeps it.
    const json = await expectJson(
      await staff.request("PATCH", `/api/music/${created.id}/`, {
        json: { year: 1999, duration_minutes: 8, instruments: ["violin"], ensemble: null, publisher: null, score: created.score_url },
      }),
      "patch json",
    );
    expect(json).toMatchObject({ year: 1999, duration_minutes: 8, instruments: ["violin"], ensemble: null, publisher: null, score_pages: 3 });

    // Removed with null: its two files go once nothing else (revisions aside) uses them.
    const removed = await expectJson(await staff.request("PATCH", `/api/music/${created.id}/`, { json: { score: null } }), "remove score");
    expect(removed).toMatchObject({ score_url: null, score_pages: null });
    expect(row(server, "SELECT score, scorePages, scoreOriginal FROM Music WHERE id = ?", created.id)).toEqual({
      score: null,
      scorePages: null,
      scoreOriginal: null,
    });
  });

  it("refuses each bad value with a 400 naming its field, and saves nothing", async () => {
    const [work] = await staff.getJson("/api/music/?size=1");
    const before = row(server, "SELECT year, durationMinutes, ensemble, instruments FROM Music WHERE id = ?", work.id);
    const res = await staff.request("PATCH", `/api/music/${work.id}/`, {
      json: { year: 1850, duration_minutes: "0,2", ensemble: "big band", instruments: ["piano", "kazoo"] },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      year: `Un numero intero da 1900 a ${new Date().getFullYear() + 5}`,
      duration_minutes: "Un numero da 0,5 a 600 (al massimo 1 decimale)",
      ensemble: "Scegli un valore dell'elenco «Organico»",
      instruments: "Valore sconosciuto in «Strumenti (per i filtri del catalogo)»: kazoo",
    });
    expect((await staff.request("PATCH", `/api/music/${work.id}/`, { json: { instruments: [3] } })).status).toBe(400);
    expect(row(server, "SELECT year, durationMinutes, ensemble, instruments FROM Music WHERE id = ?", work.id)).toEqual(before);
  });
});

describe("the perusal score", () => {
  it("carries the watermark and the composer's name on every page; the original stays private, for staff only", async () => {
    const [work] = await staff.getJson("/api/music/?size=1");
    const upload = await expectJson(await staff.upload(await scorePdf(5), "partitura.pdf", "score"), "upload");
    const saved = await expectJson(await staff.request("PATCH", `/api/music/${work.id}/`, { json: { score: upload.temp_name } }), "score");
    expect(saved.score_pages).toBe(5);
    const stamped = await fetch(`${server.url}${saved.score_url}`);
    expect(stamped.status).toBe(200);
    expect(stamped.headers.get("content-type")).toBe("application/pdf");
    const texts = await pageTexts(new Uint8Array(await stamped.arrayBuffer()));
    expect(texts).toHaveLength(5);
    for (const [index, text] of texts.entries()) {
      expect(text).toContain(`Battuta ${index + 1}`);
      expect(text).toContain("Copia per consultazione – non per esecuzione");
      expect(text).toContain("Perusal copy – not for performance");
      expect(text).toContain("Elena Marchetti");
    }
    const original = row<{ scoreOriginal: string; slug: string }>(server, "SELECT scoreOriginal, slug FROM Music WHERE id = ?", work.id);
    expect(fs.existsSync(mediaFile(server, original.scoreOriginal))).toBe(true);
    // /media never serves scores/, not even to staff; the admin's download is staff's only door.
    expect((await fetch(`${server.url}${original.scoreOriginal}`)).status).toBe(404);
    expect((await staff.get(original.scoreOriginal)).status).toBe(404);
    const download = `/admin/musicList/${original.slug}/score-original`;
    expect((await fetch(`${server.url}${download}`, { redirect: "manual" })).status).toBe(302);
    const staffDownload = await staff.get(download);
    expect(staffDownload.status).toBe(200);
    expect(await pageTexts(new Uint8Array(await staffDownload.arrayBuffer()))).toEqual(["Battuta 1", "Battuta 2", "Battuta 3", "Battuta 4", "Battuta 5"]);
  });

  it("stamps a 200-page engraved score within the save, in under 10 seconds", async () => {
    // Stamping runs in the save's request (ADR 042): this is how long staff wait on saving a long score.
    const [work] = await staff.getJson("/api/music/?size=1");
    const upload = await expectJson(await staff.upload(await makeDemoScore("Prova di durata", "Elena Marchetti", 200), "lunga.pdf", "score"), "upload");
    const started = performance.now();
    const saved = await expectJson(await staff.request("PATCH", `/api/music/${work.id}/`, { json: { score: upload.temp_name } }), "score");
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(saved.score_pages).toBe(200);
    const texts = await pageTexts(new Uint8Array(await (await fetch(`${server.url}${saved.score_url}`)).arrayBuffer()));
    expect(texts).toHaveLength(200);
    expect(texts.filter((text) => text.includes("Perusal copy – not for performance"))).toHaveLength(200);
  }, 60_000);

  it("refuses a damaged, an encrypted or a non-PDF file with a 400 and stores nothing", async () => {
    const [work] = await staff.getJson("/api/music/?size=1");
    const files = storedFiles();
    const saved = row(server, "SELECT score, scoreOriginal FROM Music WHERE id = ?", work.id);
    for (const [bytes, message] of [
      [uniquePdf(), /danneggiato/],
      [await scorePdf(2, { encrypted: true }), /cifrato/],
      [TINY_PNG, /solo un file PDF/],
    ] as const) {
      const form = formData({ score: [new Blob([new Uint8Array(bytes)]), "partitura.pdf"] });
      const res = await staff.request("PATCH", `/api/music/${work.id}/`, { form });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.score).toMatch(message);
    }
    expect(storedFiles()).toEqual(files);
    expect(row(server, "SELECT score, scoreOriginal FROM Music WHERE id = ?", work.id)).toEqual(saved);
  });
});

describe("the admin form, without JavaScript", () => {
  it("saves the «Scheda del catalogo» with checkboxes, and shows a bad value again in Italian with everything typed", async () => {
    const admin = new HttpClient(server.url);
    await admin.login();
    const slug = "risonanze";
    const page = await html(`/admin/musicList/${slug}`, admin);
    expect(page.text).toContain("<legend>Scheda del catalogo</legend>");
    expect(page.text).toMatch(/<input type="checkbox" name="instruments" checked="" value="tape"/);
    expect(page.text).toContain("Scarica l&#x27;originale");

    const current = await staff.getJson(`/api/music/${slug}`);
    const post = (fields: Record<string, string>, instruments: string[]) => {
      const form = formData({
        category: String(current.category.id),
        title: current.title,
        title_eng: current.title_eng,
        description: current.description,
        description_eng: current.description_eng,
        mode: "tracks",
        keep_track: current.music_tracks[0].url,
        publication: "ora",
        ...fields,
      });
      for (const key of instruments) form.append("instruments", key);
      return admin.post(`/admin/musicList/${slug}`, form);
    };
    const refused = await post({ year: "3000", duration_minutes: "11", instrumentation: "pf e nastro" }, ["piano", "tape"]);
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain(`Un numero intero da 1900 a ${new Date().getFullYear() + 5}`);
    expect(text).toContain('value="pf e nastro"');
    expect(text).toMatch(/name="instruments" checked="" value="tape"/);

    const saved = await post({ year: "2019", duration_minutes: "11,5", ensemble: "duo", publisher: "Ricordi" }, ["piano", "electronics"]);
    expect(saved.status).toBe(302);
    expect(await staff.getJson(`/api/music/${slug}`)).toMatchObject({
      year: 2019,
      duration_minutes: 11.5,
      ensemble: "duo",
      instruments: ["piano", "electronics"],
      publisher: "Ricordi",
      // Not in the post: the score stays.
      score_pages: 12,
    });
  });
});

describe("/works", () => {
  const titles = (text: string) => [...text.matchAll(/class="works__title"[^>]*>([^<]+)</g)].map((m) => m[1]!.replaceAll("&#x27;", "'"));

  it("filters by each GET parameter and their combinations, in both languages", async () => {
    const all = await html("/works");
    expect(all.status).toBe(200);
    const total = count(server, "Music", "instruments != '[]' AND status = 'published'");
    expect(titles(all.text)).toHaveLength(total);
    expect(all.text).toContain(`${total} composizioni`);
    expect(all.text).toContain(`<link rel="canonical" href="${server.url}/works"/>`);

    const orchestra = await html("/works?ensemble=orchestra&sort=title");
    expect(titles(orchestra.text)).toEqual(["Il fiume lento", "Notturno urbano"]);
    expect(orchestra.text).toContain("2 composizioni");
    // A filtered view's canonical is the unfiltered page.
    expect(orchestra.text).toContain(`<link rel="canonical" href="${server.url}/works"/>`);
    expect(orchestra.text).toContain("Azzera i filtri");

    expect(titles((await html("/works?instrument=cello&instrument=piano")).text)).toEqual(["Canti della pianura", "Le stanze di Adele", "Nebbia su Ferrara"]);
    expect(titles((await html("/works?min_duration=20&max_duration=30&sort=duration")).text)).toEqual(["Quaderno di Ravenna", "Il fiume lento"]);
    expect(titles((await html("/works?year_from=2023&year_to=2024&sort=year")).text)).toEqual([
      "Canti della pianura",
      "Echoes of Lumen",
      "Quaderno di Ravenna",
    ]);
    expect(titles((await html("/works?q=aulicus&ensemble=chamber")).text)).toEqual(["Quaderno di Ravenna"]);

    expect(titles((await html("/en/works?q=quartet&sort=title")).text)).toEqual(["Adele's Rooms", "Ravenna Notebook"]);
    const english = await html("/en/works?q=notebook");
    expect(titles(english.text)).toEqual(["Ravenna Notebook"]);
    expect(english.text).toContain("1 work");
    expect(english.text).toContain("string quartet (2 vn, va, vc)");
    expect(english.text).toContain(`<link rel="canonical" href="${server.url}/en/works"/>`);
    expect(titles((await html("/en/works?ensemble=voice")).text)).toEqual(["Songs of the Plain"]);
  });

  it("says when nothing matches and offers to clear the filters", async () => {
    const none = await html("/works?instrument=harpsichord&ensemble=solo");
    expect(titles(none.text)).toEqual([]);
    expect(none.text).toContain("Nessuna composizione corrisponde ai filtri scelti.");
    expect(none.text).toMatch(/<a class="button button--primary" href="\/works"[^>]*>Azzera i filtri<\/a>/);
    const english = await html("/en/works?min_duration=500");
    expect(english.text).toContain("No work matches the chosen filters.");
    expect(english.text).toMatch(/href="\/en\/works"[^>]*>Clear filters</);
  });
});

describe("a composition page", () => {
  it("shows its «Scheda» in the page's language and describes the work as MusicComposition JSON-LD", async () => {
    const path = "/compositions/musica%20da%20concerto/il-fiume-lento";
    const italian = await html(path);
    expect(italian.text).toContain(">Scheda</h2>");
    expect(italian.text).toContain("Partitura in visione (PDF, 84 pagine)");
    expect(italian.text).toContain("violoncello solista; 2.2.2.2 – 4.2.3.1 – timp, 2 perc, arpa – archi");
    const english = await html(`/en${path}`);
    expect(english.text).toContain(">Work details</h2>");
    expect(english.text).toContain("Perusal score (PDF, 84 pages)");
    expect(english.text).toContain("<dd>Giulia Ferri, Orchestra Sinfonica di Milano, Milan, Auditorium di Milano, 15 November 2025</dd>");

    const blocks = [...english.text.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const work = blocks.flat().find((block) => block["@type"] === "MusicComposition");
    expect(work).toEqual({
      "@context": "https://schema.org",
      "@type": "MusicComposition",
      name: "The Slow River",
      url: `${server.url}/en${path}`,
      composer: { "@type": "Person", name: "Elena Marchetti" },
      inLanguage: "en",
      dateCreated: "2025",
      duration: "PT27M",
      publisher: { "@type": "Organization", name: "Edizioni Aulicus" },
      genre: "CONCERT MUSIC",
      // The demo's premiere concert, the same day and place as the catalogue's premiere text.
      firstPerformance: {
        "@type": "MusicEvent",
        name: "«The Slow River»: world premiere",
        startDate: "2025-11-15T20:30:00+01:00",
        url: `${server.url}/en/events/il-fiume-lento-in-prima-assoluta-2025-11-15`,
        location: {
          "@type": "Place",
          name: "Auditorium di Milano",
          address: { "@type": "PostalAddress", streetAddress: "Largo Gustav Mahler, 20136 Milano", addressLocality: "Milano", addressCountry: "IT" },
        },
      },
    });
  });
});
