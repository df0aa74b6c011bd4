import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFile, row, rows } from "../support/db";
import { pngBytes, tinyPngFile, uniquePdf } from "../support/files";
import { formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";

/**
 * Issue 24: revisions with restore and the trash, through the staff api/ and the admin pages with
 * plain form posts (a browser without JavaScript), seen as a client sees them: statuses, bodies,
 * public pages and the files under /media.
 */
const server = appPerFile();
let staff: HttpClient;
let admin: HttpClient;
let newsCategory: number;
const anon = () => new HttpClient(server.url);

beforeAll(async () => {
  staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
  admin = new HttpClient(server.url);
  await admin.login();
  newsCategory = row<{ id: number }>(server, `SELECT id FROM Category WHERE type = 'news' ORDER BY id LIMIT 1`).id;
});

type WireNews = {
  id: number;
  slug: string;
  title: string;
  title_eng: string;
  description: string;
  date: string;
  image: string | null;
  attachments: { name: string; url: string }[];
};

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function createNews(title: string): Promise<WireNews> {
  const pdf = await json<{ temp_name: string }>(await staff.upload(uniquePdf(), `${title}.pdf`), 200);
  const form = formData({
    category: String(newsCategory),
    title,
    title_eng: `${title} (en)`,
    description: "<p>Prima versione</p>",
    description_eng: "<p>First version</p>",
    date: "2026-03-01",
    image: tinyPngFile("foto.png"),
    attachments: JSON.stringify([{ temp_name: pdf.temp_name, display_name: "Programma" }]),
  });
  return json<WireNews>(await staff.request("POST", "/api/news/", { form }), 201);
}

const served = async (url: string) => (await anon().get(url)).status;
/** What a client reads of a news item: every field and its files. */
const fields = (n: WireNews) => ({
  title: n.title,
  title_eng: n.title_eng,
  description: n.description,
  date: n.date,
  image: n.image,
  attachments: n.attachments,
});

describe("revisions through the api/", () => {
  it("two edits then a restore of the first revision bring back every field and file; a file only that revision used is still served", async () => {
    const first = await createNews("Festival di primavera");
    const pdf2 = await json<{ temp_name: string }>(await staff.upload(uniquePdf(), "nuovo.pdf"), 200);
    const edit1 = formData({
      title: "Festival d'estate",
      description: "<p>Seconda versione</p>",
      date: "2026-06-01",
      attachments: JSON.stringify([{ temp_name: pdf2.temp_name, display_name: "Nuovo programma" }]),
    });
    await json(await staff.request("PATCH", `/api/news/${first.id}/`, { form: edit1 }), 200);
    await json(await staff.request("PATCH", `/api/news/${first.id}/`, { json: { title: "Festival d'autunno", attachments: [], image: null } }), 200);
    const oldPdf = first.attachments[0]!.url;

    // Only the first revision names the first PDF now; it is still on disk and served.
    expect(fs.existsSync(mediaFile(server, oldPdf))).toBe(true);
    expect(await served(oldPdf)).toBe(200);

    expect((await anon().get(`/api/news/${first.id}/revisions/`)).status).toBe(401);
    const revisions = await json<{ id: number; action: string; user_data: { username: string }; item: WireNews }[]>(
      await staff.get(`/api/news/${first.id}/revisions/`),
      200,
    );
    expect(revisions.map((r) => [r.action, r.item.title])).toEqual([
      ["update", "Festival d'autunno"],
      ["update", "Festival d'estate"],
      ["create", "Festival di primavera"],
    ]);
    expect(revisions[2]!.user_data.username).toBe(ADMIN.username);

    const restored = await json<WireNews>(await staff.request("POST", `/api/news/${first.id}/revisions/${revisions[2]!.id}/restore/`), 200);
    expect(fields(restored)).toEqual(fields(first));
    expect(fields(await json<WireNews>(await anon().get(`/api/news/${first.id}`), 200))).toEqual(fields(first));
    for (const url of [first.image!, oldPdf]) expect(await served(url)).toBe(200);
    const page = await (await anon().get(`/news/${first.slug}`)).text();
    expect(page).toContain("Festival di primavera");
    expect(page).toContain(oldPdf);

    // The restore is a revision too, and the activity log points at it.
    const after = await json<{ id: number; action: string }[]>(await staff.get(`/api/news/${first.slug}/revisions/`), 200);
    expect(after[0]!.action).toBe("restore");
    expect(row(server, `SELECT revisionId FROM Activity ORDER BY id DESC LIMIT 1`)).toEqual({ revisionId: after[0]!.id });
    expect((await staff.request("POST", `/api/news/${first.id}/revisions/999999/restore/`)).status).toBe(404);
  });

  it("a content page's revisions are listed and restored under /api/content/{name}/", async () => {
    const before = await json<Record<string, unknown>>(await staff.get("/api/content/legal_notes/"), 200);
    await json(
      await staff.request("PUT", "/api/content/legal_notes/", { json: { legal_notes: [{ id: 1, description: "Nuove note", description_eng: "New notes" }] } }),
      200,
    );
    const revisions = await json<{ id: number; action: string; item: unknown }[]>(await staff.get("/api/content/legal_notes/revisions/"), 200);
    expect(revisions.map((r) => r.action)).toEqual(["update", "baseline"]);
    expect(revisions[1]!.item).toEqual(before);
    expect(await json(await staff.request("POST", `/api/content/legal_notes/revisions/${revisions[1]!.id}/restore/`), 200)).toEqual(before);
    expect(await json(await anon().get("/data/legal_notes.json"), 200)).toEqual(before);
  });
});

describe("a restore and the publication state (issue 35.5)", () => {
  it("the admin says what a restore changes, keeps the item published unless asked, and says so after", async () => {
    const fields = { category: String(newsCategory), title_eng: "State (en)", description: "", description_eng: "", date: "2026-04-01" };
    expect((await admin.post("/admin/newsCreate", { ...fields, title: "Stato prima", publication: "bozza" })).status).toBe(302);
    const item = row<{ id: number; slug: string }>(server, "SELECT id, slug FROM News WHERE title = 'Stato prima'");
    expect((await admin.post(`/admin/newsList/${item.slug}`, { ...fields, title: "Stato dopo", publication: "ora" })).status).toBe(302);
    const historyPath = `/admin/newsList/${item.slug}/history`;
    const firstRevision = rows<{ id: number }>(server, "SELECT id FROM Revision WHERE kind = 'news' AND itemKey = ? ORDER BY id", String(item.id))[0]!.id;

    // Before: what the restore brings back, and that the state stays unless chosen.
    const before = await (await admin.get(historyPath)).text();
    expect(before).toContain("Il ripristino riporta questi campi come in questa revisione: Titolo.");
    expect(before).toContain("Stato di pubblicazione: resta «Pubblicata» (nella revisione era «Bozza»)");
    expect(before).toMatch(/<input type="checkbox" name="restore_publication" value="1"\/>.{0,12}Ripristina anche lo stato di pubblicazione/);

    const kept = await admin.post(historyPath, { revisionId: String(firstRevision) });
    expect([kept.status, kept.headers.get("location")]).toEqual([302, `${historyPath}?avviso=ripristinato-stato-mantenuto`]);
    expect(row(server, "SELECT title, status FROM News WHERE id = ?", item.id)).toEqual({ title: "Stato prima", status: "published" });
    expect(await served(`/news/${item.slug}`)).toBe(200);
    expect(await (await admin.get(kept.headers.get("location")!)).text()).toContain(
      "Elemento ripristinato: stato di pubblicazione attuale mantenuto (ora: «Pubblicata»).",
    );

    const withState = await admin.post(historyPath, { revisionId: String(firstRevision), restore_publication: "1" });
    expect([withState.status, withState.headers.get("location")]).toEqual([302, `${historyPath}?avviso=ripristinato-con-stato`]);
    expect(row(server, "SELECT status FROM News WHERE id = ?", item.id)).toEqual({ status: "draft" });
    expect(await served(`/news/${item.slug}`)).toBe(404);
    expect(await (await admin.get(withState.headers.get("location")!)).text()).toContain(
      "Elemento ripristinato, compreso lo stato di pubblicazione della revisione (ora: «Bozza»).",
    );
  });

  it("the api/ keeps the state too, and brings back the revision's with ?restore_publication=1", async () => {
    const created = await createNews("Api stato");
    const firstRevision = rows<{ id: number }>(server, "SELECT id FROM Revision WHERE kind = 'news' AND itemKey = ? ORDER BY id", String(created.id))[0]!.id;
    expect((await staff.request("PATCH", `/api/news/${created.id}/`, { json: { status: "draft" } })).status).toBe(200);
    const restore = `/api/news/${created.id}/revisions/${firstRevision}/restore/`;
    await json(await staff.request("POST", restore), 200);
    expect(row(server, "SELECT status FROM News WHERE id = ?", created.id)).toEqual({ status: "draft" });
    await json(await staff.request("POST", `${restore}?restore_publication=1`), 200);
    expect(row(server, "SELECT status FROM News WHERE id = ?", created.id)).toEqual({ status: "published" });
  });
});

describe("a media-library replace", () => {
  it("is a save of every news item and content page it rewrites: each gets a revision, and restoring the one before brings back the old image", async () => {
    const picture = new Blob([await pngBytes("#3f7a5c", 40)], { type: "image/png" });
    const form = formData({
      category: String(newsCategory),
      title: "Locandina da sostituire",
      title_eng: "Poster",
      date: "2026-05-01",
      image: [picture, "locandina.png"],
    });
    const item = await json<WireNews>(await staff.request("POST", "/api/news/", { form }), 201);
    const oldUrl = item.image!;
    const labels = await json<{ lable: { url: string }[] }>(await staff.get("/api/content/lable/"), 200);
    labels.lable[0]!.url = oldUrl;
    await json(await staff.request("PUT", "/api/content/lable/", { json: labels }), 200);
    const revisionsOf = (kind: string, itemKey: string | number) =>
      rows<{ id: number; action: string; files: string }>(
        server,
        `SELECT id, action, files FROM Revision WHERE kind = ? AND itemKey = ? ORDER BY id`,
        kind,
        String(itemKey),
      );
    const [newsBefore, labelsBefore] = [revisionsOf("news", item.id), revisionsOf("content", "lable")];

    const replacement = new Blob([await pngBytes("#7a3f5c", 40)], { type: "image/png" });
    const replaced = await admin.post(
      "/admin/media",
      formData({ intent: "replace", key: oldUrl.slice("/media/".length), file: [replacement, "locandina-nuova.png"] }),
    );
    expect(replaced.status).toBe(302);
    const newUrl = (await json<WireNews>(await anon().get(`/api/news/${item.id}`), 200)).image!;
    expect(newUrl).not.toBe(oldUrl);

    // One new revision each, naming the new file.
    const [newsAfter, labelsAfter] = [revisionsOf("news", item.id), revisionsOf("content", "lable")];
    expect(newsAfter.length).toBe(newsBefore.length + 1);
    expect(labelsAfter.length).toBe(labelsBefore.length + 1);
    for (const latest of [newsAfter.at(-1)!, labelsAfter.at(-1)!]) {
      expect(latest.action).toBe("update");
      expect(JSON.parse(latest.files)).toContain(newUrl);
    }

    // The revision before the replace brings the old picture back, and its file is still served.
    const restored = await json<WireNews>(await staff.request("POST", `/api/news/${item.id}/revisions/${newsBefore.at(-1)!.id}/restore/`), 200);
    expect(restored.image).toBe(oldUrl);
    const page = await json<{ lable: { url: string }[] }>(await staff.request("POST", `/api/content/lable/revisions/${labelsBefore.at(-1)!.id}/restore/`), 200);
    expect(page.lable[0]!.url).toBe(oldUrl);
    expect(fs.existsSync(mediaFile(server, oldUrl))).toBe(true);
    expect(await served(oldUrl)).toBe(200);
  });
});

describe("the trash", () => {
  it("DELETE in the api/ moves the item to the trash: gone from public places at once, back with its files by POST .../restore/", async () => {
    const item = await createNews("Concerto cestinato");
    expect((await staff.request("DELETE", `/api/news/${item.id}`)).status).toBe(204);
    expect((await anon().get(`/api/news/${item.id}`)).status).toBe(404);
    expect((await anon().get(`/news/${item.slug}`)).status).toBe(404);
    expect(await (await anon().get("/api/news/")).text()).not.toContain(item.slug);
    expect(fs.existsSync(mediaFile(server, item.attachments[0]!.url))).toBe(true);

    expect((await anon().request("POST", `/api/news/${item.id}/restore/`)).status).toBe(401);
    const restored = await json<WireNews>(await staff.request("POST", `/api/news/${item.id}/restore/`), 201);
    expect({ id: restored.id, slug: restored.slug, ...fields(restored) }).toEqual({ id: item.id, slug: item.slug, ...fields(item) });
    expect((await anon().get(`/news/${item.slug}`)).status).toBe(200);
    for (const url of [item.image!, item.attachments[0]!.url]) expect(await served(url)).toBe(200);
    expect((await staff.request("POST", `/api/news/${item.id}/restore/`)).status).toBe(404);
  });

  it("a deleted category comes back by POST /api/category/{id}/restore/, as news and music do", async () => {
    const created = await json<{ id: number }>(
      await staff.request("POST", "/api/category/", { json: { name: "RASSEGNE CESTINATE", name_eng: "TRASHED REVIEWS", type: "news" } }),
      201,
    );
    const category = { id: created.id, name: "RASSEGNE CESTINATE", name_eng: "TRASHED REVIEWS", type: "news" };
    expect((await staff.request("DELETE", `/api/category/${category.id}/`)).status).toBe(204);
    expect((await anon().get(`/api/category/${category.id}/`)).status).toBe(404);
    expect(rows(server, `SELECT kind, title FROM TrashEntry WHERE kind = 'category' AND itemId = ?`, category.id)).toEqual([
      { kind: "category", title: "RASSEGNE CESTINATE" },
    ]);

    expect((await anon().request("POST", `/api/category/${category.id}/restore/`)).status).toBe(401);
    expect(await json(await staff.request("POST", `/api/category/${category.id}/restore/`), 201)).toEqual(category);
    expect(await json(await anon().get(`/api/category/${category.id}/`), 200)).toEqual(category);
    expect(rows(server, `SELECT name, nameEng, type FROM Category WHERE id = ?`, category.id)).toEqual([
      { name: "RASSEGNE CESTINATE", nameEng: "TRASHED REVIEWS", type: "news" },
    ]);
    expect(rows(server, `SELECT id FROM TrashEntry WHERE kind = 'category' AND itemId = ?`, category.id)).toEqual([]);
    // Not in the trash any more: 404 with a message, as for news.
    const again = await staff.request("POST", `/api/category/${category.id}/restore/`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: "Nel cestino non c'è un elemento con questo id." });
  });

  it("the admin without JavaScript: delete, Cestino, Ripristina, then Elimina definitivamente removes the files from disk", async () => {
    const item = await createNews("Recital nel cestino");
    const files = [item.image!, item.attachments[0]!.url];
    expect((await admin.post(`/admin/newsList/${item.slug}/delete`, { intent: "delete" })).status).toBe(302);
    expect((await anon().get(`/news/${item.slug}`)).status).toBe(404);

    const trash = await (await admin.get("/admin/trash")).text();
    expect(trash).toContain("Recital nel cestino");
    const entryId = () => row<{ id: number }>(server, `SELECT id FROM TrashEntry WHERE kind = 'news' AND itemId = ?`, item.id).id;
    const restore = await admin.post("/admin/trash", { id: String(entryId()) });
    expect([restore.status, restore.headers.get("location")]).toEqual([302, "/admin/trash?avviso=ripristinato"]);
    expect((await anon().get(`/news/${item.slug}`)).status).toBe(200);
    for (const url of files) expect(await served(url)).toBe(200);

    // The history page shows the revisions with the words that changed, and restores one with a plain post.
    await admin.post(`/admin/newsList/${item.slug}`, {
      category: String(newsCategory),
      title: "Recital rinviato",
      title_eng: "Recital (en)",
      description: "<p>Prima versione</p>",
      description_eng: "<p>First version</p>",
      date: "2026-03-01",
      keep_attachment: item.attachments[0]!.url,
    });
    const history = await (await admin.get(`/admin/newsList/${item.slug}/history`)).text();
    expect(history).toContain("Cronologia");
    expect(history).toMatch(/<del>nel cestino<\/del>/);
    expect(history).toMatch(/<ins>rinviato<\/ins>/);
    const firstRevision = rows<{ id: number }>(server, `SELECT id FROM Revision WHERE kind = 'news' AND itemKey = ? ORDER BY id`, String(item.id))[0]!.id;
    const back = await admin.post(`/admin/newsList/${item.slug}/history`, { revisionId: String(firstRevision) });
    expect(back.status).toBe(302);
    expect((await json<WireNews>(await anon().get(`/api/news/${item.id}`), 200)).title).toBe("Recital nel cestino");

    // Deleted again and purged for good: its files leave the disk.
    expect((await admin.post(`/admin/newsList/${item.slug}/delete`, { intent: "delete" })).status).toBe(302);
    expect(await (await admin.get(`/admin/trash/${entryId()}/purge`)).text()).toContain("Sei sicuro di voler eliminare definitivamente");
    const purge = await admin.post(`/admin/trash/${entryId()}/purge`, { intent: "delete" });
    expect([purge.status, purge.headers.get("location")]).toEqual([302, "/admin/trash?avviso=eliminato-definitivamente"]);
    // The PDF is this item's alone (the picture's bytes are shared with the other items of this file).
    expect(fs.existsSync(mediaFile(server, files[1]!))).toBe(false);
    expect(await served(files[1]!)).toBe(404);
  });
});

describe("a history an owner can read (issue 35.6)", () => {
  /** The visible text of a page's body: what the owner reads, tags aside. */
  const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]*>/g, "");

  it("a news item's history shows the words that changed in its text, Italian field names, the state in Italian and Rome time; no HTML, no &nbsp;", async () => {
    const fields = { category: String(newsCategory), title: "Concerto leggibile", title_eng: "Readable concert", date: "2026-04-01" };
    const created = await admin.post("/admin/newsCreate", {
      ...fields,
      description: "<p>Il concerto&nbsp;di <strong>maggio</strong> al teatro</p>",
      description_eng: "<p>The May concert</p>",
      publication: "bozza",
    });
    expect(created.status).toBe(302);
    const { slug } = row<{ slug: string }>(server, "SELECT slug FROM News WHERE title = 'Concerto leggibile'");
    const edited = await admin.post(`/admin/newsList/${slug}`, {
      ...fields,
      description: "<p>Il concerto&nbsp;di <strong>giugno</strong> al teatro</p>",
      description_eng: "<p>The <em>May</em> concert</p>",
      publication: "programma",
      // Rome time in summer: two hours ahead of UTC.
      publish_at_local: "2027-07-01T10:00",
    });
    expect(edited.status).toBe(302);
    expect(Date.parse(row<{ publishAt: string }>(server, "SELECT publishAt FROM News WHERE slug = ?", slug).publishAt)).toBe(
      Date.parse("2027-07-01T08:00:00Z"),
    );

    const html = await (await admin.get(`/admin/newsList/${slug}/history`)).text();
    const text = visible(html);
    expect(html).toMatch(/<dt>Descrizione<\/dt><dd><span>Il concerto di <\/span><del>maggio<\/del><ins>giugno<\/ins><span> al teatro<\/span><\/dd>/);
    expect(html).toMatch(/<dt>Stato di pubblicazione<\/dt><dd><del>Bozza<\/del><ins>Pubblicata<\/ins><\/dd>/);
    expect(html).toMatch(/<dt>Data di pubblicazione<\/dt><dd><ins>01\/07\/2027 10:00<\/ins><\/dd>/);
    // Only the markup of the English text changed: said in words, not shown as tags.
    expect(text).toContain("Descrizione (inglese)Cambiata solo la formattazione");
    for (const raw of ["nbsp", "&lt;p", "&lt;strong", "<dt>status", "<dt>publishAt", "<dt>description", "2027-07-01T08:00"]) expect(html).not.toContain(raw);
  });

  it("a content page's history names each field as its form does", async () => {
    const bio = await json<{ bio: { id: number; category: string; title: string; title_eng: string; text: string; text_eng: string }[] }>(
      await staff.get("/api/content/bio/"),
      200,
    );
    const [firstItem, ...others] = bio.bio;
    const changed = { ...firstItem!, text: `${firstItem!.text}<p>Una frase&nbsp;nuova.</p>`, text_eng: `${firstItem!.text_eng}<p>A new sentence.</p>` };
    await json(await staff.request("PUT", "/api/content/bio/", { json: { bio: [changed, ...others] } }), 200);
    const html = await (await admin.get("/admin/content/bio/history")).text();
    expect(html).toMatch(/<dt>Elemento 1: Testo \(italiano\)<\/dt><dd><span>[^<]*<\/span><ins>[^<]*Una frase nuova\.<\/ins><\/dd>/);
    expect(html).toContain("<dt>Elemento 1: Testo (inglese)</dt>");
    for (const raw of ["nbsp", "&lt;p", "<dt>Elemento 1: text"]) expect(html).not.toContain(raw);
  });
});
