import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFile, row, rows } from "../support/db";
import { tinyPngFile, uniquePdf } from "../support/files";
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
