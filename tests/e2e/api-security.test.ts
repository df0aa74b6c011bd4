import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { count, createPlainUser, row, rows, settledSnapshot } from "../support/db";
import { TINY_PNG, uniqueMp3, uniquePdf } from "../support/files";
import { expectJson, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";
import { first } from "../support/present";

const server = appPerFile();
let staff: HttpClient;
let plain: HttpClient;
let anon: HttpClient;
let newsCategory: any;
let musicCategory: any;
let someNews: any;
let someMusic: any;

beforeAll(async () => {
  staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
  await createPlainUser(server, "visitor", "visitor-password-1");
  plain = new HttpClient(server.url);
  await plain.apiLogin("visitor", "visitor-password-1");
  anon = new HttpClient(server.url);
  await anon.get("/api/userinfo/"); // gets a valid csrftoken, so only the missing session is wrong
  [newsCategory] = await staff.getJson("/api/category/?type=news");
  [musicCategory] = await staff.getJson("/api/category/?type=music");
  [someNews] = await staff.getJson("/api/news/");
  [someMusic] = await staff.getJson("/api/music/");
});

function newsForm(extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("category", String(newsCategory.id));
  form.set("title", "Titolo");
  form.set("title_eng", "Title");
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

function musicForm(extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("category", String(musicCategory.id));
  form.set("title", "Opera");
  form.set("videos", "https://www.youtube.com/watch?v=abcdefghijk");
  form.set("img", new Blob([new Uint8Array(TINY_PNG)]), "c.png");
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

type Call = { name: string; method: string; path: string; json?: unknown; form?: () => FormData; upload?: boolean };

const writes = (): Call[] => [
  { name: "create category", method: "POST", path: "/api/category/", json: { name: "X", name_eng: "X", type: "news" } },
  { name: "edit category", method: "PATCH", path: `/api/category/${newsCategory.id}/`, json: { name: "Hacked" } },
  { name: "delete category", method: "DELETE", path: `/api/category/${newsCategory.id}/` },
  { name: "create news", method: "POST", path: "/api/news/", form: () => newsForm() },
  { name: "edit news", method: "PATCH", path: `/api/news/${someNews.slug}/`, json: { title: "Hacked" } },
  { name: "delete news", method: "DELETE", path: `/api/news/${someNews.id}` },
  { name: "create music", method: "POST", path: "/api/music/", form: () => musicForm() },
  { name: "edit music", method: "PATCH", path: `/api/music/${someMusic.id}/`, json: { title: "Hacked" } },
  { name: "delete music", method: "DELETE", path: `/api/music/${someMusic.slug}` },
  { name: "upload", method: "PUT", path: "/api/file/upload/", upload: true },
];

async function send(client: HttpClient, call: Call, headers: Record<string, string> = {}, noCsrf = false) {
  if (call.upload) {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(uniquePdf())]), "a.pdf");
    return client.request(call.method, call.path, { form, headers, noCsrf });
  }
  return client.request(call.method, call.path, { json: call.json, form: call.form?.(), headers, noCsrf });
}

async function expectRefused(res: Response, status: number, label: string) {
  expect(res.status, label).toBe(status);
  expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
  const body = await res.json();
  expect(typeof body.error, label).toBe("string");
  expect(JSON.stringify(body), label).not.toMatch(/at .*\.(js|ts):\d+/); // no stack trace
}

describe("who may write", () => {
  it("answers 401 to every anonymous write and changes nothing", async () => {
    const before = await settledSnapshot(server);
    for (const call of writes()) await expectRefused(await send(anon, call), 401, call.name);
    expect(await settledSnapshot(server)).toEqual(before);
  });

  it("answers 403 to every write of a signed-in non-staff user and changes nothing", async () => {
    const before = await settledSnapshot(server);
    for (const call of writes()) await expectRefused(await send(plain, call), 403, call.name);
    expect(await settledSnapshot(server)).toEqual(before);
  });
});

describe("anti-forgery", () => {
  it("refuses staff writes without the X-CSRFToken header, with a wrong one, or without the cookie", async () => {
    const before = await settledSnapshot(server);
    for (const call of writes()) {
      await expectRefused(await send(staff, call, {}, true), 403, `${call.name} (no header)`);
      await expectRefused(await send(staff, call, { "X-CSRFToken": "forged.value" }), 403, `${call.name} (wrong header)`);
    }
    // header and cookie equal but not issued by the server (a planted cookie)
    const session = staff.cookies.get("staff_session");
    const planted = await fetch(`${server.url}/api/category/`, {
      method: "POST",
      headers: { Cookie: `staff_session=${session}; csrftoken=abc.def`, "X-CSRFToken": "abc.def", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "X", name_eng: "X", type: "news" }),
    });
    await expectRefused(planted, 403, "planted cookie");
    // the session cookie alone
    const noCookie = await fetch(`${server.url}/api/category/`, {
      method: "POST",
      headers: { Cookie: `staff_session=${session}`, "X-CSRFToken": staff.csrfToken!, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "X", name_eng: "X", type: "news" }),
    });
    await expectRefused(noCookie, 403, "no csrftoken cookie");
    expect(noCookie.headers.getSetCookie().some((c) => c.startsWith("csrftoken="))).toBe(true); // a fresh one to retry with
    expect(await settledSnapshot(server)).toEqual(before);
  });

  it("refuses cross-site requests by Origin and Sec-Fetch-Site, even with a valid token", async () => {
    const before = await settledSnapshot(server);
    for (const call of writes()) {
      await expectRefused(await send(staff, call, { Origin: "https://evil.example" }), 403, `${call.name} (Origin)`);
      await expectRefused(await send(staff, call, { "Sec-Fetch-Site": "cross-site" }), 403, `${call.name} (Sec-Fetch-Site)`);
    }
    await expectRefused(await send(staff, first(writes()), { Origin: "null" }), 403, "Origin null");
    for (const p of ["/api/login/", "/api/logout/", "/api/send-email/"]) {
      await expectRefused(await anon.request("POST", p, { json: {}, headers: { Origin: "https://evil.example" } }), 403, p);
    }
    expect(await settledSnapshot(server)).toEqual(before);
    // the same request from the site itself goes through
    const ok = await staff.request("POST", "/api/category/", {
      json: { name: "Stessa origine", name_eng: "Same origin", type: "news" },
      headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" },
    });
    expect(ok.status).toBe(201);
    const created = await ok.json();
    expect((await staff.request("DELETE", `/api/category/${created.id}`)).status).toBe(204);
  });

  it("refuses the bodies a cross-site HTML form can send to JSON endpoints (415)", async () => {
    const before = await settledSnapshot(server);
    const plainText = { "Content-Type": "text/plain" };
    const formType = { "Content-Type": "application/x-www-form-urlencoded" };
    const body = JSON.stringify({ name: "X", name_eng: "X", type: "news" });
    await expectRefused(await staff.request("POST", "/api/category/", { body, headers: plainText }), 415, "category text/plain");
    await expectRefused(await staff.request("POST", "/api/category/", { body: "name=X&name_eng=X&type=news", headers: formType }), 415, "category form");
    await expectRefused(await staff.request("PATCH", `/api/category/${newsCategory.id}`, { body, headers: plainText }), 415, "category patch text/plain");
    await expectRefused(await staff.request("POST", "/api/news/", { body, headers: plainText }), 415, "news text/plain");
    await expectRefused(await staff.request("POST", "/api/music/", { json: { title: "X" } }), 415, "music JSON create");
    await expectRefused(await staff.request("PUT", "/api/file/upload/", { body: "file=x", headers: formType }), 415, "upload form");
    await expectRefused(await anon.request("POST", "/api/login/", { body: JSON.stringify(ADMIN), headers: plainText }), 415, "login text/plain");
    await expectRefused(await anon.request("POST", "/api/send-email/", { body: "{}", headers: plainText }), 415, "send-email text/plain");
    expect(await settledSnapshot(server)).toEqual(before);
  });
});

describe("bad bodies", () => {
  it("answers 400 to malformed JSON and to JSON that is not an object", async () => {
    const before = await settledSnapshot(server);
    const headers = { "Content-Type": "application/json" };
    for (const body of ["{name:", "", "[1,2]", "null", '"text"']) {
      await expectRefused(await staff.request("POST", "/api/category/", { body, headers }), 400, `category ${body}`);
      await expectRefused(await staff.request("PATCH", `/api/news/${someNews.id}`, { body, headers }), 400, `news ${body}`);
    }
    await expectRefused(await anon.request("POST", "/api/login/", { body: "{", headers }), 400, "login");
    await expectRefused(await anon.request("POST", "/api/send-email/", { body: "{", headers }), 400, "send-email");
    expect(await settledSnapshot(server)).toEqual(before);
  });

  it("answers 400 to wrong types and invalid values", async () => {
    const before = await settledSnapshot(server);
    const cases: [string, string, unknown][] = [
      ["POST", "/api/category/", { name: 123, name_eng: "X", type: "news" }],
      ["POST", "/api/category/", { name: ["a"], name_eng: "X", type: "news" }],
      ["POST", "/api/category/", { name: "X", name_eng: "X", type: "planets" }],
      ["POST", "/api/category/", { name: "  ", name_eng: "X", type: "news" }],
      ["PATCH", `/api/category/${newsCategory.id}/`, { type: { $ne: 1 } }],
      ["PATCH", `/api/news/${someNews.id}/`, { title: 42 }],
      ["PATCH", `/api/news/${someNews.id}/`, { date: "2026-02-31" }],
      ["PATCH", `/api/news/${someNews.id}/`, { category: "abc" }],
      ["PATCH", `/api/news/${someNews.id}/`, { category: 999999 }],
      ["PATCH", `/api/news/${someNews.id}/`, { attachments: "not json" }],
      ["PATCH", `/api/music/${someMusic.id}/`, { videos: "javascript:alert(1)" }],
      ["PATCH", `/api/music/${someMusic.id}/`, { music_tracks: { a: 1 } }],
      ["PATCH", `/api/music/${someMusic.id}/`, { img: 7 }],
      ["POST", "/api/login/", { username: { a: 1 }, password: "x" }],
      ["POST", "/api/send-email/", { name: 1, email: "a@b.it", description: "x", captcha_id: "x", captcha_value: "x" }],
    ];
    for (const [method, p, json] of cases) {
      const client = p.startsWith("/api/login") || p.startsWith("/api/send-email") ? anon : staff;
      await expectRefused(await client.request(method, p, { json }), 400, `${method} ${p} ${JSON.stringify(json)}`);
    }
    await expectRefused(await staff.request("POST", "/api/news/", { form: newsForm({ category: "abc" }) }), 400, "news category abc");
    await expectRefused(await staff.request("POST", "/api/news/", { form: newsForm({ title: "" }) }), 400, "news no title");
    await expectRefused(await staff.request("POST", "/api/music/", { form: musicForm({ music_tracks: "[{" }) }), 400, "music tracks json");
    await expectRefused(await staff.request("POST", "/api/music/", { form: musicForm({ link: "ftp://x", mode: "link" }) }), 400, "music link");
    await expectRefused(await staff.request("POST", "/api/music/", { form: musicForm({ mode: "both" }) }), 400, "music mode");
    const current = await staff.getJson(`/api/news/${someNews.id}`);
    expect(current).toEqual(someNews);
    expect(await settledSnapshot(server)).toEqual(before);
  });

  it("answers 404 to unknown ids and slugs on every item write", async () => {
    const before = await settledSnapshot(server);
    const calls: [string, string, unknown?][] = [
      ["PATCH", "/api/category/999999/", { name: "X" }],
      ["DELETE", "/api/category/999999/"],
      ["PATCH", "/api/news/999999/", { title: "X" }],
      ["DELETE", "/api/news/no-such-slug"],
      ["PATCH", "/api/music/no-such-slug/", { title: "X" }],
      ["DELETE", "/api/music/999999"],
    ];
    for (const [method, p, json] of calls) await expectRefused(await staff.request(method, p, { json }), 404, `${method} ${p}`);
    expect(await settledSnapshot(server)).toEqual(before);
  });
});

describe("uploads", () => {
  it("refuses oversize files with 413 and writes nothing", async () => {
    const before = await settledSnapshot(server);
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    TINY_PNG.copy(big);
    await expectRefused(await staff.upload(big, "huge.png", "image"), 413, "image over 10 MB");
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(52 * 1024 * 1024)]), "enormous.bin");
    await expectRefused(await staff.request("PUT", "/api/file/upload/", { form }), 413, "request over the limit");
    expect(await settledSnapshot(server)).toEqual(before);
  });

  it("refuses disguised and unsupported files with 415", async () => {
    const before = await settledSnapshot(server);
    const html = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectRefused(await staff.upload(html, "photo.jpg", "image"), 415, "html as jpg");
    await expectRefused(await staff.upload(svg, "logo.svg", "image"), 415, "svg");
    await expectRefused(await staff.upload(html, "document.pdf"), 415, "html as pdf");
    await expectRefused(await staff.upload(uniquePdf(), "track.mp3", "track"), 415, "pdf as a track");
    // a disguised image inside a news post
    const form = newsForm();
    form.set("image", new Blob([new Uint8Array(html)]), "photo.jpg");
    await expectRefused(await staff.request("POST", "/api/news/", { form }), 415, "news image");
    expect(await settledSnapshot(server)).toEqual(before);
  });

  it("refuses path-traversal names and temp names, writing nothing outside (or inside) the uploads folder", async () => {
    const before = await settledSnapshot(server);
    for (const name of ["../../etc/passwd", "..\\..\\windows\\win.ini", "a/b.pdf", "..", "bad\u0000name.pdf"]) {
      await expectRefused(await staff.upload(uniquePdf(), name), 400, `name ${JSON.stringify(name)}`);
    }
    await expectRefused(
      await staff.request("PUT", "/api/file/upload/", {
        form: (() => {
          const f = new FormData();
          f.set("file", new Blob([new Uint8Array(uniquePdf())]), "x.pdf");
          return f;
        })(),
        headers: { "Content-Disposition": "attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd" },
      }),
      400,
      "filename*",
    );
    const attachments = JSON.stringify([{ temp_name: "../session-secret", display_name: "x" }]);
    await expectRefused(await staff.request("POST", "/api/news/", { form: newsForm({ attachments }) }), 400, "attachment traversal");
    await expectRefused(await staff.request("PATCH", `/api/news/${someNews.id}`, { json: { image: "../../app.db" } }), 400, "image temp traversal");
    expect(await settledSnapshot(server)).toEqual(before);
    expect(fs.existsSync(path.join(server.dataDir, "etc"))).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, "uploads", "tmp", "passwd"))).toBe(false);

    // A music post whose track list names a bad temp file: refused, no row, and the cover image
    // stored before the tracks were checked is removed again.
    const tracks = JSON.stringify([{ temp_name: "../../etc/passwd", display_name: "x" }]);
    await expectRefused(await staff.request("POST", "/api/music/", { form: musicForm({ music_tracks: tracks }) }), 400, "temp_name traversal");
    expect(await settledSnapshot(server)).toEqual(before);
    expect(fs.existsSync(path.join(server.dataDir, "etc"))).toBe(false);
  });

  it("stores an accepted upload under a server-made name inside uploads/tmp", async () => {
    const res = await staff.upload(uniqueMp3(), "Canzone (demo) è.mp3");
    const body = await expectJson(res, "upload");
    expect(body).toEqual({ file_name: "Canzone (demo) è.mp3", temp_name: expect.stringMatching(/^[0-9a-f]{32}\.mp3$/), display_name: "Canzone (demo) è" });
    expect(fs.existsSync(path.join(server.dataDir, "uploads", "tmp", body.temp_name))).toBe(true);
    expect(rows(server, `SELECT kind FROM Upload WHERE tempName = ?`, body.temp_name)).toEqual([{ kind: "track" }]);
  });
});

describe("send-email/ and the captcha", () => {
  // Captchas are limited per address (a few a minute): each one here comes from an address of its own.
  let captchaVisitors = 0;
  async function captcha(client: HttpClient) {
    const headers = { "X-Forwarded-For": `198.18.2.${++captchaVisitors}` };
    const c = await expectJson(await client.request("GET", "/api/captcha-generator/", { headers }), "GET /api/captcha-generator/");
    const { answer } = row<{ answer: string }>(server, `SELECT answer FROM Captcha WHERE id = ?`, c.captcha_id);
    return { id: c.captcha_id as string, answer };
  }
  const message = { name: "Mario Rossi", email: "mario@example.it", description: "Vorrei una colonna sonora." };

  it("saves a message with the right captcha and refuses the same captcha replayed", async () => {
    const client = new HttpClient(server.url);
    const headers = { "X-Forwarded-For": "203.0.113.10" };
    const c = await captcha(client);
    const before = count(server, "ContactMessage");
    const ok = await client.request("POST", "/api/send-email/", { json: { ...message, captcha_id: c.id, captcha_value: c.answer.toLowerCase() }, headers });
    expect(ok.status).toBe(200);
    expect(count(server, "ContactMessage")).toBe(before + 1);
    expect(rows(server, `SELECT name, email, description FROM ContactMessage ORDER BY id DESC LIMIT 1`)[0]).toEqual(message);

    const replay = await client.request("POST", "/api/send-email/", { json: { ...message, captcha_id: c.id, captcha_value: c.answer }, headers });
    await expectRefused(replay, 400, "replay");
    expect(count(server, "ContactMessage")).toBe(before + 1);
  });

  it("refuses a wrong or missing captcha and invalid fields with 400, saving nothing", async () => {
    const client = new HttpClient(server.url);
    const headers = { "X-Forwarded-For": "203.0.113.11" };
    const before = count(server, "ContactMessage");
    const wrong = await captcha(client);
    const res = await client.request("POST", "/api/send-email/", { json: { ...message, captcha_id: wrong.id, captcha_value: "XXXXX" }, headers });
    await expectRefused(res, 400, "wrong captcha");
    // the wrong try used the captcha up: the right answer no longer works
    await expectRefused(
      await client.request("POST", "/api/send-email/", { json: { ...message, captcha_id: wrong.id, captcha_value: wrong.answer }, headers }),
      400,
      "after a wrong try",
    );
    await expectRefused(await client.request("POST", "/api/send-email/", { json: { ...message }, headers }), 400, "no captcha");
    const c = await captcha(client);
    const invalid = await client.request("POST", "/api/send-email/", {
      json: { ...message, email: "not an email", captcha_id: c.id, captcha_value: c.answer },
      headers,
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toHaveProperty("email");
    const c2 = await captcha(client);
    const refused = await client.request("POST", "/api/send-email/", {
      json: { ...message, privacy: false, captcha_id: c2.id, captcha_value: c2.answer },
      headers,
    });
    expect(refused.status).toBe(400);
    expect(count(server, "ContactMessage")).toBe(before);
    // without the token
    const c3 = await captcha(client);
    await expectRefused(
      await client.request("POST", "/api/send-email/", { json: { ...message, captcha_id: c3.id, captcha_value: c3.answer }, headers, noCsrf: true }),
      403,
      "no csrf",
    );
    expect(count(server, "ContactMessage")).toBe(before);
  });

  it("answers a filled honeypot like a success but saves nothing, and rate-limits with 429", async () => {
    const client = new HttpClient(server.url);
    const headers = { "X-Forwarded-For": "203.0.113.12" };
    const before = count(server, "ContactMessage");
    const bot = await captcha(client);
    const trap = await client.request("POST", "/api/send-email/", {
      json: { ...message, website: "http://spam.example", captcha_id: bot.id, captcha_value: bot.answer },
      headers,
    });
    expect(trap.status).toBe(200);
    expect(count(server, "ContactMessage")).toBe(before);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await captcha(client);
      statuses.push((await client.request("POST", "/api/send-email/", { json: { ...message, captcha_id: c.id, captcha_value: c.answer }, headers })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(count(server, "ContactMessage")).toBe(before + 5);
  });
});

describe("never a 500 for bad input", () => {
  it("keeps the server log free of api errors", () => {
    expect(server.output()).not.toMatch(/^api (GET|POST|PUT|PATCH|DELETE)/m);
  });
});
