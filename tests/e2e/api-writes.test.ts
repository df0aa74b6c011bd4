import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { count, mediaFile, row, rows, tmpFiles } from "../support/db";
import { TINY_PNG, tinyPngFile, uniqueMp3, uniquePdf } from "../support/files";
import { expectJson, formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";
import { KEYS, keys } from "../support/spec";
import { runDemo } from "../../scripts/api-client-demo";

const server = appPerFile();
let staff: HttpClient;

beforeAll(async () => {
  staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
});

/**
 * Issue 24: a DELETE moves the item to the trash and its files stay there 30 days; staff's
 * "Elimina definitivamente" (or the janitor, later) removes them with the item's revisions.
 */
async function purgeFromTrash(kind: "news" | "music", id: number) {
  for (const entry of rows<{ id: number }>(server, `SELECT id FROM TrashEntry WHERE kind = ? AND itemId = ?`, kind, id)) {
    expect((await staff.post(`/admin/trash/${entry.id}/purge`, { intent: "delete" })).status).toBe(302);
  }
}

const lastActivity = () => row<{ description: string; username: string }>(server, `SELECT description, username FROM Activity ORDER BY id DESC LIMIT 1`);

/** POSTs a multipart api/ create and answers the new item, checked to be a 201 with SPEC's keys. */
async function created(kind: "news" | "music", fields: Record<string, string | [Blob, string]>) {
  const res = await staff.request("POST", `/api/${kind}/`, { form: formData(fields) });
  expect(res.status).toBe(201);
  const item = await res.json();
  expect(keys(item)).toEqual(KEYS[kind]);
  return item;
}

describe("sign-in and sign-out", () => {
  it("logs in with form credentials (the username trimmed), answers the user and writes the sign-in activity", async () => {
    const client = new HttpClient(server.url);
    await client.get("/api/userinfo/");
    const before = client.csrfToken;
    const form = new URLSearchParams({ username: "  admin ", password: ADMIN.password });
    const res = await client.request("POST", "/api/login/", {
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(keys(user)).toEqual(KEYS.user);
    const session = res.headers.getSetCookie().find((c) => c.startsWith("staff_session="));
    expect(session).toMatch(/HttpOnly/i);
    expect(client.csrfToken).toBeTruthy();
    expect(client.csrfToken).not.toBe(before); // rotated at sign-in
    expect(lastActivity()).toEqual({ description: 'Accesso effettuato da "admin"', username: "admin" });
  });

  it("refuses wrong credentials with 400 and the Italian message, and throttles with 429", async () => {
    const client = new HttpClient(server.url);
    await client.get("/api/userinfo/");
    const headers = { "X-Forwarded-For": "198.51.100.23" };
    const wrong = await client.request("POST", "/api/login/", { json: { username: "admin", password: "nope" }, headers });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "Username o password errati" });
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("staff_session="))).toBe(false);
    let last = wrong;
    for (let i = 0; i < 12 && last.status !== 429; i++) {
      last = await client.request("POST", "/api/login/", { json: { username: "ghost-user", password: "nope" }, headers });
    }
    expect(last.status).toBe(429);
    expect((await last.json()).error).toMatch(/Troppi tentativi/);
  });

  it("logs out: the session row is deleted and a replayed cookie is anonymous", async () => {
    const client = new HttpClient(server.url);
    await client.apiLogin(ADMIN.username, ADMIN.password);
    const session = client.cookies.get("staff_session")!;
    const sessions = count(server, "Session");
    const res = await client.request("POST", "/api/logout/");
    expect(res.status).toBe(200);
    expect(count(server, "Session")).toBe(sessions - 1);
    expect(lastActivity().description).toBe('Uscita effettuata da "admin"');
    expect(await (await client.get("/api/userinfo/")).json()).toEqual([]);
    const replay = await fetch(`${server.url}/api/userinfo/`, { headers: { Cookie: `staff_session=${session}` } });
    expect(await replay.json()).toEqual([]);
    const write = await fetch(`${server.url}/api/category/`, {
      method: "POST",
      headers: { Cookie: `staff_session=${session}; csrftoken=${client.csrfToken}`, "X-CSRFToken": client.csrfToken!, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "x", name_eng: "x", type: "news" }),
    });
    expect(write.status).toBe(401);
  });
});

describe("categories", () => {
  it("creates, edits (partial) and deletes a category, logging each write", async () => {
    const created = await staff.request("POST", "/api/category/", { json: { name: " Rassegne ", name_eng: "Reviews", type: "news" } });
    expect(created.status).toBe(201);
    const cat = await created.json();
    expect(keys(cat)).toEqual(KEYS.category);
    expect(cat).toMatchObject({ name: "Rassegne", name_eng: "Reviews", type: "news" });
    expect(lastActivity().description).toBe('Creata la categoria "Rassegne"');

    const patched = await expectJson(await staff.request("PATCH", `/api/category/${cat.id}/`, { json: { name_eng: "Press" } }), "patch");
    expect(patched).toEqual({ ...cat, name_eng: "Press" });
    expect(lastActivity().description).toBe('Modificata la categoria "Rassegne"');
    expect(await (await staff.get(`/api/category/${cat.id}`)).json()).toEqual(patched);

    const del = await staff.request("DELETE", `/api/category/${cat.id}/`);
    expect(del.status).toBe(204);
    expect(count(server, "Category", "id = ?", cat.id)).toBe(0);
    expect(lastActivity().description).toBe('Eliminata la categoria "Rassegne"');
    expect((await staff.request("DELETE", `/api/category/${cat.id}/`)).status).toBe(404);
  });

  it("refuses with 409 to delete a category still in use, and keeps it", async () => {
    const [music] = await (await staff.get("/api/music/")).json();
    const res = await staff.request("DELETE", `/api/category/${music.category.id}`);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatch(/Impossibile eliminare/);
    expect(count(server, "Category", "id = ?", music.category.id)).toBe(1);
  });
});

describe("news", () => {
  it("creates a news item with an image and an uploaded attachment, shown on its public page", async () => {
    const [category] = await (await staff.get("/api/category/?type=news")).json();
    const upload = await expectJson(await staff.upload(uniquePdf(), "Comunicato stampa.pdf"), "upload");
    expect(keys(upload)).toEqual(KEYS.upload);
    expect(upload.file_name).toBe("Comunicato stampa.pdf");
    expect(tmpFiles(server)).toContain(upload.temp_name);

    const news = await created("news", {
      category: String(category.id),
      title: "Prima assoluta a Bologna",
      title_eng: "World premiere in Bologna",
      description: "<p>Testo <script>alert(1)</script><strong>forte</strong></p>",
      description_eng: "<p>English text</p>",
      date: "2026-03-04",
      image: tinyPngFile("foto.png"),
      attachments: JSON.stringify([{ temp_name: upload.temp_name, display_name: "Comunicato" }]),
    });
    expect(news).toMatchObject({
      slug: "prima-assoluta-a-bologna",
      title: "Prima assoluta a Bologna",
      title_eng: "World premiere in Bologna",
      date: "2026-03-04",
      category: { id: category.id, name: category.name, name_eng: category.name_eng },
    });
    expect(news.description).not.toContain("<script");
    expect(news.attachments).toEqual([{ name: "Comunicato", url: expect.stringMatching(/^\/media\/attachments\/[0-9a-f]+\.pdf$/) }]);
    expect(news.image).toMatch(/^\/media\/images\//);
    expect(fs.existsSync(mediaFile(server, news.attachments[0].url))).toBe(true);
    expect(fs.existsSync(mediaFile(server, news.image))).toBe(true);
    // the temporary upload became permanent
    expect(tmpFiles(server)).not.toContain(upload.temp_name);
    expect(count(server, "Upload", "tempName = ?", upload.temp_name)).toBe(0);
    expect(lastActivity().description).toBe('Creata la notizia "Prima assoluta a Bologna"');

    expect(await (await staff.get(`/api/news/${news.slug}`)).json()).toEqual(news);
    const page = await fetch(`${server.url}/news/${news.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Prima assoluta a Bologna");
    expect(html).toContain(news.attachments[0].url);
  });

  it("edits a news item partially (kept attachment, JSON body) and removes its files on delete", async () => {
    const news = await (await staff.get("/api/news/prima-assoluta-a-bologna")).json();
    const patched = await expectJson(
      await staff.request("PATCH", `/api/news/${news.id}/`, { json: { title: "Prima assoluta a Bologna (rinviata)" } }),
      "patch",
    );
    expect(patched).toEqual({ ...patched, title: "Prima assoluta a Bologna (rinviata)", slug: news.slug, attachments: news.attachments, image: news.image });
    expect(patched.title_eng).toBe(news.title_eng);
    expect(lastActivity().description).toBe('Modificata la notizia "Prima assoluta a Bologna (rinviata)"');
    const html = await (await fetch(`${server.url}/news/${news.slug}`)).text();
    expect(html).toContain("Prima assoluta a Bologna (rinviata)");

    // multipart PATCH: a new attachment added to the kept one, image removed
    const second = await expectJson(await staff.upload(uniquePdf(), "Locandina.pdf", "attachment"), "upload");
    const form = formData({
      attachments: JSON.stringify([...news.attachments, { temp_name: second.temp_name, display_name: second.display_name }]),
      image: "",
    });
    const withTwo = await expectJson(await staff.request("PATCH", `/api/news/${news.slug}`, { form }), "patch 2");
    expect(withTwo.attachments.map((a: any) => a.name)).toEqual(["Comunicato", "Locandina"]);
    expect(withTwo.image).toBeNull();
    // Issue 24: the replaced image stays while the first revision names it (a restore brings it back).
    expect(fs.existsSync(mediaFile(server, news.image))).toBe(true);

    const files = withTwo.attachments.map((a: any) => mediaFile(server, a.url));
    files.forEach((f: string) => expect(fs.existsSync(f)).toBe(true));
    const del = await staff.request("DELETE", `/api/news/${news.id}`);
    expect(del.status).toBe(204);
    expect(count(server, "News", "id = ?", news.id)).toBe(0);
    expect(count(server, "NewsAttachment", "newsId = ?", news.id)).toBe(0);
    // In the trash with its files until purged; then they go, the replaced image with the revisions.
    files.forEach((f: string) => expect(fs.existsSync(f)).toBe(true));
    expect(lastActivity().description).toBe('Eliminata la notizia "Prima assoluta a Bologna (rinviata)"');
    await purgeFromTrash("news", news.id);
    [...files, mediaFile(server, news.image)].forEach((f: string) => expect(fs.existsSync(f)).toBe(false));
    expect((await staff.get(`/api/news/${news.slug}`)).status).toBe(404);
    expect((await fetch(`${server.url}/news/${news.slug}`)).status).toBe(404);
  });
});

describe("music", () => {
  it("creates a work with an uploaded track, shown on its public page, then edits and deletes it with its files", async () => {
    const [category] = await (await staff.get("/api/category/?type=music")).json();
    const track = await expectJson(await staff.upload(uniqueMp3(), "Tema d'amore.mp3"), "upload");
    expect(track.file_name).toBe("Tema d'amore.mp3");
    const music = await created("music", {
      category: String(category.id),
      title: "Notturno per archi",
      description: "Per orchestra d'archi",
      description_eng: "For string orchestra",
      videos: "https://www.youtube.com/watch?v=abcdefghijk",
      img: tinyPngFile("cover.png"),
      music_tracks: JSON.stringify([{ temp_name: track.temp_name, display_name: "Tema d'amore" }]),
    });
    expect(music).toMatchObject({
      slug: "notturno-per-archi",
      title: "Notturno per archi",
      description_eng: "For string orchestra",
      link: null,
      videos: "https://www.youtube.com/watch?v=abcdefghijk",
      category: { id: category.id, name: category.name, name_eng: category.name_eng },
    });
    expect(music.music_tracks).toMatchObject([{ name: "Tema d'amore", url: expect.stringMatching(/^\/media\/tracks\/[0-9a-f]+\.mp3$/) }]);
    const trackFile = mediaFile(server, music.music_tracks[0].url);
    const imgFile = mediaFile(server, music.img);
    expect(fs.existsSync(trackFile)).toBe(true);
    expect(fs.existsSync(imgFile)).toBe(true);
    expect(lastActivity().description).toBe('Creato il contenuto musicale "Notturno per archi"');

    const pagePath = `/compositions/${encodeURIComponent(category.name.toLowerCase())}/${music.slug}`;
    const page = await fetch(`${server.url}${pagePath}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Notturno per archi");
    // The same work; its track's stream state may have moved on meanwhile (issue 25).
    expect(await (await staff.get(`/api/music/${music.id}`)).json()).toMatchObject({
      ...music,
      music_tracks: music.music_tracks.map(({ name, url }: { name: string; url: string }) => ({ name, url })),
    });
    const byCategory = await (await staff.get(`/api/music-by-category/${encodeURIComponent(category.name.toUpperCase())}`)).json();
    expect(byCategory.map((m: any) => m.id)).toContain(music.id);

    // switch it to an external link: the tracks go (their file stays while a revision names it: issue 24)
    const patched = await expectJson(
      await staff.request("PATCH", `/api/music/${music.slug}/`, { json: { link: "https://example.com/album", title: "Notturno (edizione)" } }),
      "patch",
    );
    expect(patched).toMatchObject({ id: music.id, slug: music.slug, link: "https://example.com/album", videos: null, music_tracks: [], img: music.img });
    expect(fs.existsSync(trackFile)).toBe(true);
    expect(lastActivity().description).toBe('Modificato il contenuto musicale "Notturno (edizione)"');

    const del = await staff.request("DELETE", `/api/music/${music.slug}`);
    expect(del.status).toBe(204);
    expect(count(server, "Music", "id = ?", music.id)).toBe(0);
    expect(fs.existsSync(imgFile)).toBe(true);
    expect(lastActivity().description).toBe('Eliminato il contenuto musicale "Notturno (edizione)"');
    await purgeFromTrash("music", music.id);
    expect([fs.existsSync(imgFile), fs.existsSync(trackFile)]).toEqual([false, false]);
    expect((await staff.get(`/api/music/${music.id}`)).status).toBe(404);
  });

  it("takes the cover as a temp upload and the external-link option", async () => {
    const [category] = await (await staff.get("/api/category/?type=music")).json();
    const cover = await expectJson(await staff.upload(TINY_PNG, "copertina.png"), "upload");
    expect(rows(server, `SELECT kind FROM Upload WHERE tempName = ?`, cover.temp_name)).toEqual([{ kind: "image" }]);
    const form = formData({
      category: String(category.id),
      title: "Album su Bandcamp",
      link: "https://example.bandcamp.com/album/x",
      img: cover.temp_name,
    });
    const music = await expectJson(await staff.request("POST", "/api/music/", { form }), "create");
    expect(music).toMatchObject({ link: "https://example.bandcamp.com/album/x", videos: null, music_tracks: [] });
    expect(fs.existsSync(mediaFile(server, music.img))).toBe(true);
    expect(tmpFiles(server)).not.toContain(cover.temp_name);
    expect((await staff.request("DELETE", `/api/music/${music.id}`)).status).toBe(204);
  });

  it("validates with the admin's rules: a work needs an image and tracks, video or link", async () => {
    const [category] = await (await staff.get("/api/category/?type=music")).json();
    const before = count(server, "Music");
    const form = formData({
      category: String(category.id),
      title: "Senza nulla",
    });
    const res = await staff.request("POST", "/api/music/", { form });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBeTruthy();
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(["image", "tracks"]));
    expect(count(server, "Music")).toBe(before);
  });
});

describe("the original client's whole session", () => {
  it("runs scripts/api-client-demo.ts end to end", async () => {
    const lines: string[] = [];
    const activitiesBefore = count(server, "Activity");
    const result = await runDemo(server.url, ADMIN.username, ADMIN.password, (l) => lines.push(l));
    expect(result.user.username).toBe("admin");
    expect(result.news.created.attachments).toHaveLength(1);
    expect(result.music.created.music_tracks).toHaveLength(1);
    expect(result.news.edited.title).toMatch(/^Notizia modificata/);
    expect(result.music.edited.description).toBe("Descrizione modificata");
    // The same tracks kept (their stream's state may have moved on meanwhile: issue 25).
    const nameAndUrl = (tracks: { name: string; url: string }[]) => tracks.map(({ name, url }) => ({ name, url }));
    expect(nameAndUrl(result.music.edited.music_tracks)).toEqual(nameAndUrl(result.music.created.music_tracks));
    expect(result.deleted).toEqual({ news: 204, music: 204, categories: [204, 204] });
    expect(result.afterLogout).toEqual([]);
    expect(lines.length).toBeGreaterThanOrEqual(9);
    // login, 2 categories, news, music, 2 edits, 4 deletes, logout
    expect(count(server, "Activity") - activitiesBefore).toBe(12);
    await purgeFromTrash("news", result.news.created.id);
    await purgeFromTrash("music", result.music.created.id);
    for (const url of [result.news.created.attachments[0].url, result.music.created.music_tracks[0].url]) {
      expect(fs.existsSync(mediaFile(server, url))).toBe(false);
    }
    expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(true);
  });
});

/**
 * issue 21.6: the OpenAPI document's request bodies are the domain's zod schemas, so what it states is
 * what the api applies (the hand-written document stated no limit and no required field).
 */
describe("the OpenAPI document states what the api applies", () => {
  type BodySchema = { properties: Record<string, { type?: string; maxLength?: number; enum?: string[] }>; required?: string[] };
  const bodyOf = async (path: string, method: string, type: string): Promise<BodySchema> => {
    const openapi = await (await staff.get("/api/openapi.json")).json();
    return openapi.paths[path][method].requestBody.content[type].schema;
  };

  it("news and music creates: the required fields and every text limit, each refused one past it with a 400 naming the field", async () => {
    const category = (await (await staff.get("/api/category/")).json())[0].id as number;
    const valid = {
      news: { category: String(category), title: "Titolo", title_eng: "Title", date: "2026-11-26" },
      music: { category: String(category), title: "Titolo", mode: "link", link: "https://example.org" },
    };
    for (const kind of ["news", "music"] as const) {
      const body = await bodyOf(`/api/${kind}/`, "post", "multipart/form-data");
      expect(body.required, kind).toEqual(expect.arrayContaining(["category", "title"]));
      expect(body.properties.title?.maxLength, kind).toBe(300);
      const limited = Object.entries(body.properties).filter(([, p]) => p.type === "string" && p.maxLength);
      expect(limited.length, kind).toBeGreaterThanOrEqual(4);
      for (const [field, property] of limited) {
        const res = await staff.request("POST", `/api/${kind}/`, { form: formData({ ...valid[kind], [field]: "x".repeat(property.maxLength! + 1) }) });
        expect(res.status, `${kind}.${field}`).toBe(400);
        expect((await res.json()).errors, `${kind}.${field}`).toHaveProperty(field);
      }
    }
    const music = await bodyOf("/api/music/", "post", "multipart/form-data");
    expect(music.properties.mode?.enum).toEqual(["tracks", "link"]);
  });

  it("category create: the three fields required, the type one of the category types", async () => {
    const body = await bodyOf("/api/category/", "post", "application/json");
    expect(body.required).toEqual(["name", "name_eng", "type"]);
    expect(body.properties.type?.enum).toContain("music");
    const res = await staff.request("POST", "/api/category/", { json: { name: "Nuova", name_eng: "New", type: "not-a-type" } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toHaveProperty("type");
  });
});
