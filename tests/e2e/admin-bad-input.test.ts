// Bad input against the running server: each request gets a clear 4xx (Italian message) and
// changes nothing (rows and files are checked).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { row, rows, run, untilPartFilesGone } from "../support/db";
import { filesUnder, pdfBytes, pngBytes } from "../support/files";
import { formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { first } from "../support/present";

const server = appPerFile({ env: { SEED_DEMO: "0" } });
let client: HttpClient;
let csrf: string;
let categoryId: number;

beforeAll(async () => {
  client = new HttpClient(server.url);
  csrf = await client.login();
  run(server, "INSERT INTO Category (name, nameEng, type) VALUES ('Eventi', 'Events', 'news')");
  categoryId = row<{ id: number }>(server, "SELECT id FROM Category WHERE name = 'Eventi'").id;
});

const uploadsDir = () => path.join(server.dataDir, "uploads");
/** Nothing changed: the rows, and the files once the refused request's streamed .part files are removed (at its end). */
async function expectUnchanged(before: ReturnType<typeof snapshot>) {
  await vi.waitFor(() => expect(snapshot()).toEqual(before), { timeout: 5_000 });
}

/** The state to compare against, once earlier requests' streamed .part files are gone (they go after the answer). */
async function settledSnapshot() {
  await untilPartFilesGone(server);
  return snapshot();
}

function snapshot() {
  return {
    news: rows(server, "SELECT * FROM News"),
    attachments: rows(server, "SELECT * FROM NewsAttachment"),
    categories: rows(server, "SELECT id, name FROM Category"),
    uploads: rows(server, "SELECT tempName FROM Upload"),
    activities: rows(server, "SELECT id FROM Activity").length,
    files: filesUnder(uploadsDir()),
  };
}

function upload(file: Blob, name: string, kind: string, headers: Record<string, string> = { "X-CSRFToken": csrf }, who = client) {
  const body = new FormData();
  body.set("kind", kind);
  body.set("file", file, name);
  return who.fetch("/admin/upload", { method: "POST", body, headers });
}

function newsForm(extra: Record<string, string | [Blob, string]> = {}) {
  return formData({
    csrf,
    category: String(categoryId),
    title: "Notizia",
    title_eng: "News",
    description: "<p>x</p>",
    description_eng: "",
    date: "2026-05-01",
    ...extra,
  });
}

/** The no-JavaScript news form with `extra` is refused with `status` and says `message`. */
async function expectNewsRefused(extra: Record<string, string | [Blob, string]>, status: number, message: string) {
  const post = await client.post("/admin/newsCreate", newsForm(extra));
  expect(post.status).toBe(status);
  expect(await post.text()).toContain(message);
}

const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>');

describe("a refused form post without JavaScript (issue 35.12)", () => {
  it("says beside each file field that had a file that it must be chosen again; an enhanced post keeps its files and says nothing", async () => {
    const CHOOSE_AGAIN = "Il file scelto non è stato conservato: sceglilo di nuovo prima di salvare.";
    const files = {
      image_file: [new Blob([await pngBytes("#224466")], { type: "image/png" }), "foto.png"],
      attachment_files: [new Blob([pdfBytes("programma")], { type: "application/pdf" }), "programma.pdf"],
    } as const;
    const native = await client.post(
      "/admin/newsCreate",
      newsForm({ title: "", image_file: [...files.image_file], attachment_files: [...files.attachment_files] }),
    );
    expect(native.status).toBe(400);
    const html = await native.text();
    // Once beside the image, once beside the attachments (the page's data holds it once more).
    expect(html.split(`>${CHOOSE_AGAIN}</small>`)).toHaveLength(3);
    expect(html).toContain("Compila i campi obbligatori");
    const nothingChosen = await (await client.post("/admin/newsCreate", newsForm({ title: "" }))).text();
    expect(nothingChosen).not.toContain(CHOOSE_AGAIN);
    const enhanced = await client.post("/admin/newsCreate", newsForm({ title: "", enhanced: "1", image_file: [...files.image_file] }));
    expect(await enhanced.text()).not.toContain(CHOOSE_AGAIN);
  });

  it("a content page's form says so beside each image field that had a file: a refused save, and more rows asked for", async () => {
    const CHOOSE_AGAIN = "Il file scelto non è stato conservato: sceglilo di nuovo prima di salvare.";
    const picture = async (): Promise<[Blob, string]> => [new Blob([await pngBytes("#446622")], { type: "image/png" }), "foto.png"];
    const link = { title: "Concerti di prova dodici", title_eng: "Trial concerts", link: "javascript:alert(1)" };
    const refused = await client.post("/admin/content/internal_link/nuovo", formData({ ...link, src__file: await picture() }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    /** The message beside the file input `name` (after its hint). */
    const besideFile = (name: string) =>
      new RegExp(`name="${name.replace(/\./g, "\\.")}"/><small class="field__hint"[^>]*>[^<]*</small><small class="field__error"[^>]*>${CHOOSE_AGAIN}</small>`);
    expect(html).toMatch(besideFile("src__file"));
    expect(html.split(`>${CHOOSE_AGAIN}</small>`)).toHaveLength(2);
    expect(await (await client.post("/admin/content/internal_link/nuovo", formData(link))).text()).not.toContain(CHOOSE_AGAIN);
    const enhanced = await client.post("/admin/content/internal_link/nuovo", formData({ ...link, enhanced: "1", src__file: await picture() }));
    expect(await enhanced.text()).not.toContain(CHOOSE_AGAIN);
    // «Aggiungi riga» in a list of pictures answers the form again: the row's file must be chosen again too.
    const more = await client.post(
      "/admin/content/gallery/nuovo",
      formData({ title: "Prove", intent: "add-row:content:2", "content.0.title": "Palco di prova dodici", "content.0.src__file": await picture() }),
    );
    expect(more.status).toBe(200);
    expect(await more.text()).toMatch(besideFile("content.0.src__file"));
    expect(rows(server, "SELECT id FROM ContentItem WHERE data LIKE '%di prova dodici%'")).toEqual([]);
  });
});

describe("uploads", () => {
  it("refuses a .jpg that is really HTML", async () => {
    const before = await settledSnapshot();
    const res = await upload(new Blob([HTML], { type: "image/jpeg" }), "photo.jpg", "image");
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/Immagine non valida/);
    await expectNewsRefused({ image_file: [new Blob([HTML], { type: "image/jpeg" }), "photo.jpg"] }, 415, "Immagine non valida");
    await expectUnchanged(before);
  });

  it("refuses an SVG with a script, as an image and as an attachment", async () => {
    const before = await settledSnapshot();
    for (const kind of ["image", "attachment"]) {
      const res = await upload(new Blob([SVG], { type: "image/svg+xml" }), "logo.svg", kind);
      expect(res.status, kind).toBe(415);
      expect((await res.json()).error).toMatch(/non valid/);
    }
    await expectNewsRefused({ attachment_files: [new Blob([SVG], { type: "image/svg+xml" }), "logo.svg"] }, 415, "Allegato non valido");
    await expectUnchanged(before);
  });

  it("refuses an oversize file with a 413 and the limit in Italian", async () => {
    const before = await settledSnapshot();
    const big = new Uint8Array(Buffer.concat([await pngBytes(), Buffer.alloc(11 * 1024 * 1024, 1)]));
    const res = await upload(new Blob([big], { type: "image/png" }), "huge.png", "image");
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("File troppo grande: il limite è 10 MB.");
    await expectNewsRefused({ image_file: [new Blob([big]), "huge.png"] }, 413, "File troppo grande: il limite è 10 MB.");
    await expectUnchanged(before);
  });

  it("never lets a client name reach the file system", async () => {
    // a traversal file name is only a display name: the stored name is made by the server
    const res = await upload(new Blob([pdfBytes("trav")], { type: "application/pdf" }), "../../../../etc/passwd.pdf", "attachment");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.temp_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(body.display_name).toBe("passwd");
    expect(filesUnder(uploadsDir()).every((f) => f.startsWith(uploadsDir() + path.sep))).toBe(true);
    expect(fs.existsSync(path.join(uploadsDir(), "tmp", body.temp_name))).toBe(true);

    // a temp_name or a kept url pointing elsewhere is refused / ignored
    const before = await settledSnapshot();
    for (const temp of ["../../app.db", "..%2F..%2Fapp.db", "/etc/passwd", "0123456789abcdef0123456789abcdef.pdf"]) {
      const post = await client.post("/admin/newsCreate", newsForm({ attachments_json: JSON.stringify([{ temp_name: temp, display_name: "x" }]) }));
      expect(post.status, temp).toBe(400);
      expect(await post.text()).toContain("File caricato non valido o scaduto");
    }
    await expectUnchanged(before);

    // the valid temp upload, but with a kept url that is not the item's own file: that url is dropped
    const ok = await client.post(
      "/admin/newsCreate",
      newsForm({
        title: "Con allegato",
        attachments_json: JSON.stringify([
          { url: "/media/../app.db", name: "db" },
          { temp_name: body.temp_name, display_name: "../x.pdf" },
        ]),
      }),
    );
    expect(ok.status).toBe(302);
    const saved = rows<{ name: string; url: string }>(server, "SELECT name, url FROM NewsAttachment");
    expect(saved).toHaveLength(1);
    expect(first(saved).name).toBe("x.pdf");
    expect(first(saved).url).toMatch(/^\/media\/attachments\/[0-9a-f]{32}\.pdf$/);
    expect(rows(server, "SELECT id FROM Upload")).toHaveLength(0);
  });
});

describe("cross-site and stale requests", () => {
  it("refuses a cross-origin post with a clear Italian 403, on pages and on the upload route", async () => {
    const before = await settledSnapshot();
    const res = await client.post(
      "/admin/categoryCreate",
      { csrf, name: "Evil", name_eng: "Evil", type: "news" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Richiesta rifiutata: proviene da un altro sito.");
    const sameSiteFetch = await client.post(
      "/admin/categoryCreate",
      { csrf, name: "Evil", name_eng: "Evil", type: "news" },
      { headers: { "Sec-Fetch-Site": "cross-site" } },
    );
    expect(sameSiteFetch.status).toBe(403);
    expect(await sameSiteFetch.text()).toContain("Richiesta rifiutata: proviene da un altro sito.");
    const up = await upload(new Blob([pdfBytes("evil")]), "a.pdf", "attachment", { "X-CSRFToken": csrf, Origin: "https://evil.example" });
    expect(up.status).toBe(403);
    expect((await up.json()).error).toBe("Richiesta rifiutata: proviene da un altro sito.");
    await expectUnchanged(before);
  });

  // docs/decisions/009-one-forgery-policy.md: forms are guarded by the browser's word on the
  // origin (no form token); the upload, an api/ endpoint, also by the csrftoken + X-CSRFToken pair.
  it("refuses a form post from a sibling site or an opaque origin, and an upload without the api/ token", async () => {
    const before = await settledSnapshot();
    const sibling = await client.post(
      "/admin/categoryCreate",
      { name: "Sibling", name_eng: "Sibling", type: "news" },
      { headers: { "Sec-Fetch-Site": "same-site" } },
    );
    expect(sibling.status).toBe(403);
    const opaque = await client.post("/admin/categoryCreate", { name: "Opaque", name_eng: "Opaque", type: "news" }, { headers: { Origin: "null" } });
    expect(opaque.status).toBe(403);
    const del = await client.post(`/admin/categoryList/${categoryId}/delete`, { intent: "delete" }, { headers: { Origin: "https://evil.example" } });
    expect(del.status).toBe(403);
    const up = await upload(new Blob([pdfBytes("nocsrf")]), "a.pdf", "attachment", {});
    expect(up.status).toBe(403);
    const wrong = await upload(new Blob([pdfBytes("nocsrf")]), "a.pdf", "attachment", { "X-CSRFToken": `${csrf}x` });
    expect(wrong.status).toBe(403);
    await expectUnchanged(before);
  });

  it("refuses a stale session: the post goes to /login and nothing changes", async () => {
    const stale = new HttpClient(server.url);
    const token = await stale.login();
    run(server, "UPDATE Session SET lastSeenAt = ? WHERE id <> ?", Date.now() - 3 * 60 * 60 * 1000, "-");
    const before = await settledSnapshot();
    const res = await stale.post("/admin/categoryCreate", { csrf: token, name: "Stale", name_eng: "Stale", type: "news" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2FcategoryCreate");
    const up = await upload(new Blob([pdfBytes("stale")]), "a.pdf", "attachment", { "X-CSRFToken": token }, stale);
    expect(up.status).toBe(401);
    await expectUnchanged(before);
  });
});
