import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createPlainUser, row, rows } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";
import { KEYS, keys } from "../support/spec";
import { defined } from "../support/present";

const server = appPerFile();
let anon: HttpClient;

beforeAll(async () => {
  anon = new HttpClient(server.url);
});

function expectMusicShape(m: any) {
  expect(keys(m)).toEqual(KEYS.music);
  expect(keys(m.category)).toEqual(KEYS.categoryRef);
  for (const t of m.music_tracks) expect(keys(t)).toEqual(KEYS.track);
  expect(typeof m.slug).toBe("string");
  expect(typeof m.img).toBe("string");
}

function expectNewsShape(n: any) {
  expect(keys(n)).toEqual(KEYS.news);
  expect(keys(n.category)).toEqual(KEYS.categoryRef);
  for (const a of n.attachments) expect(keys(a)).toEqual(KEYS.file);
  expect(n.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
}

describe("public reads (open to anyone)", () => {
  it("lists every composition, newest first, in the SPEC shape, with and without the trailing slash", async () => {
    const withSlash = await anon.get("/api/music/");
    expect(withSlash.status).toBe(200);
    expect(withSlash.headers.get("content-type")).toMatch(/^application\/json/);
    const list = await withSlash.json();
    expect(list).toHaveLength(18);
    expect(withSlash.headers.get("x-total-count")).toBe("18");
    list.forEach(expectMusicShape);
    const ordered = rows<{ id: number }>(server, `SELECT id FROM Music ORDER BY createdAt DESC, id DESC`);
    expect(list.map((m: any) => m.id)).toEqual(ordered.map((r) => r.id));
    const noSlash = await (await anon.get("/api/music")).json();
    expect(noSlash).toEqual(list);
    // a music row of the database, mapped: camelCase never leaks
    const db = row<any>(server, `SELECT * FROM Music WHERE id = ?`, list[0].id);
    expect(list[0].description_eng).toBe(db.descriptionEng);
    expect(JSON.stringify(list)).not.toMatch(/descriptionEng|nameEng|titleEng|categoryId/);
  });

  it("addresses one composition by id and by slug, and answers 404 JSON for an unknown one", async () => {
    const [first] = await (await anon.get("/api/music/")).json();
    const byId = await (await anon.get(`/api/music/${first.id}/`)).json();
    const bySlug = await (await anon.get(`/api/music/${first.slug}`)).json();
    expect(byId).toEqual(first);
    expect(bySlug).toEqual(first);
    for (const p of [
      "/api/music/999999/",
      "/api/music/no-such-work",
      "/api/news/999999",
      "/api/news/no-such-news/",
      "/api/category/999999/",
      "/api/category/abc",
    ]) {
      const res = await anon.get(p);
      expect(res.status, p).toBe(404);
      expect(keys(await res.json()), p).toEqual(["error"]);
    }
  });

  it("serves latest-musics/ and latest-news/ as plain lists of the newest eight", async () => {
    const all = await (await anon.get("/api/music/")).json();
    const latest = await (await anon.get("/api/latest-musics/")).json();
    expect(latest).toEqual(all.slice(0, 8));
    const news = await (await anon.get("/api/news")).json();
    const latestNews = await (await anon.get("/api/latest-news")).json();
    expect(latestNews).toEqual(news.slice(0, 8));
  });

  it("answers the album-by-category query with the upper-cased category name", async () => {
    const all = await (await anon.get("/api/music/")).json();
    const name = all[0].category.name as string;
    const res = await anon.get(`/api/music-by-category/${encodeURIComponent(name.toUpperCase())}/`);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.length).toBeGreaterThan(0);
    expect(list).toEqual(all.filter((m: any) => m.category.id === all[0].category.id));
    expect(await (await anon.get("/api/music-by-category/NO%20SUCH%20CATEGORY")).json()).toEqual([]);
  });

  it("lists news newest first, addressed by id and slug, in the SPEC shape", async () => {
    const list = await (await anon.get("/api/news/")).json();
    expect(list).toHaveLength(18);
    list.forEach(expectNewsShape);
    const dates = list.map((n: any) => n.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const one = list[3];
    expect(await (await anon.get(`/api/news/${one.id}`)).json()).toEqual(one);
    expect(await (await anon.get(`/api/news/${one.slug}/`)).json()).toEqual(one);
  });

  it("pages and searches lists with the admin's q, page and size", async () => {
    const all = await (await anon.get("/api/news/")).json();
    const page2 = await anon.get("/api/news/?page=2&size=30");
    expect(page2.headers.get("x-total-count")).toBe("18");
    expect(await page2.json()).toEqual([]);
    const first = await anon.get("/api/music/?size=30&page=1");
    expect((await first.json()).length).toBe(18);
    const word = all[0].title.split(" ")[0];
    const found = await anon.get(`/api/news/?q=${encodeURIComponent(word)}`);
    const results = await found.json();
    expect(results.length).toBeGreaterThan(0);
    expect(Number(found.headers.get("x-total-count"))).toBe(results.length);
    expect(results.map((n: any) => n.id)).toContain(all[0].id);
    expect(await (await anon.get("/api/music/?q=zzzz-nothing-matches")).json()).toEqual([]);
  });

  it("lists categories of every type, filtered by ?type=, and one by id", async () => {
    const all = await (await anon.get("/api/category/")).json();
    for (const c of all) expect(keys(c)).toEqual(KEYS.category);
    const types = new Set(all.map((c: any) => c.type));
    for (const t of ["news", "music", "lable", "about", "bio", "credits", "gallery"]) expect(types.has(t), t).toBe(true);
    const music = await (await anon.get("/api/category/?type=music")).json();
    expect(music.length).toBeGreaterThan(0);
    expect(music.every((c: any) => c.type === "music")).toBe(true);
    expect(await (await anon.get(`/api/category/${music[0].id}/`)).json()).toEqual(music[0]);
    const bad = await anon.get("/api/category/?type=planets");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
  });

  it("hands out a captcha whose picture is at captcha_url", async () => {
    const res = await anon.get("/api/captcha-generator/");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(keys(body)).toEqual(["captcha_id", "captcha_url"]);
    const image = await fetch(`${server.url}${body.captcha_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(rows(server, `SELECT id FROM Captcha WHERE id = ?`, body.captcha_id)).toHaveLength(1);
  });
});

describe("who is signed in", () => {
  it("answers [] with 200 to an anonymous userinfo/ and sets the csrftoken cookie", async () => {
    const client = new HttpClient(server.url);
    const res = await client.get("/api/userinfo/");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("csrftoken="));
    expect(cookie).toBeTruthy();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("answers a list whose first element is the staff user, and user/{id} to staff", async () => {
    const staff = new HttpClient(server.url);
    const user = await staff.apiLogin(ADMIN.username, ADMIN.password);
    expect(keys(user)).toEqual(KEYS.user);
    expect(user).toMatchObject({ username: "admin", is_staff: true, is_superuser: true, groups: [] });
    const info = await (await staff.get("/api/userinfo")).json();
    expect(info).toEqual([user]);
    expect(await (await staff.get(`/api/user/${user.id}/`)).json()).toEqual(user);
    expect((await staff.get("/api/user/999999/")).status).toBe(404);
  });

  it("keeps activities/, latest-activities/ and user/{id} for staff: 401 anonymous, 403 non-staff", async () => {
    await createPlainUser(server, "reader", "reader-password-1");
    const plain = new HttpClient(server.url);
    const me = await plain.apiLogin("reader", "reader-password-1");
    expect(me).toMatchObject({ username: "reader", is_staff: false, is_superuser: false });
    for (const p of ["/api/activities/", "/api/latest-activities/", `/api/user/1/`]) {
      const a = await anon.get(p);
      expect(a.status, p).toBe(401);
      expect(keys(await a.json())).toEqual(["error"]);
      expect((await plain.get(p)).status, p).toBe(403);
    }
    const staff = new HttpClient(server.url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    const acts = await staff.get("/api/activities/?size=30&page=1");
    expect(acts.status).toBe(200);
    const list = await acts.json();
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) {
      expect(keys(a)).toEqual(KEYS.activity);
      expect(keys(a.user_data)).toEqual(["username"]);
    }
    expect(list.some((a: any) => a.description.includes("reader"))).toBe(true);
    const latest = await (await staff.get("/api/latest-activities")).json();
    expect(latest[0]).toEqual(list[0]);
  });
});

describe("the api/ edge", () => {
  it("answers unknown api/ paths with JSON 404 and wrong methods with 405 and Allow", async () => {
    const missing = await anon.get("/api/nothing-here/");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toHaveProperty("error");
    const wrong = await anon.request("POST", "/api/latest-news/", { json: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await wrong.json()).toHaveProperty("error");
    const put = await anon.request("PUT", "/api/category/1/", { json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toContain("PATCH");
  });

  it("documents every api/ route in docs/api.md and in /api/openapi.json", async () => {
    const routes = fs.readFileSync("app/routes.ts", "utf8");
    const block = routes.slice(routes.indexOf('prefix("api"'));
    const paths = [...block.matchAll(/route\("([^"*]+)", "routes\/api\//g)].map((m) => defined(m[1]));
    expect(paths.length).toBeGreaterThanOrEqual(19);
    const docs = fs.readFileSync("docs/api.md", "utf8");
    const openapi = await (await anon.get("/api/openapi.json")).json();
    expect(openapi.openapi).toBe("3.1.0");
    const documented = Object.keys(openapi.paths);
    for (const p of paths) {
      const generic = p.replace(/:(\w+)/g, (_, name) => (name === "category" ? "{CATEGORY NAME}" : "{"));
      const prefix = `/api/${generic.split("{")[0]}`;
      expect(docs, p).toContain(prefix);
      if (p !== "openapi.json")
        expect(
          documented.some((d) => d.startsWith(prefix)),
          p,
        ).toBe(true);
    }
    expect(docs).toContain("/api/music-by-category/{CATEGORY NAME}/");
    expect(docs).toContain("/api/music/{id or slug}/");
  });
});
