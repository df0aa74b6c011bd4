// Issue 23: the 14 kinds of content of SPEC.md 7 are edited through PUT api/content/{name}/ (staff session and
// X-CSRFToken, as the other api/ writes): the edit shows at once on its public page in both languages and in
// /data/{name}.json, and adds an activity row; a bad body is a 400 naming each field path.
import { describe, expect, it } from "vitest";
import { CONTENT_KINDS } from "~/lib/content-types";
import { EDITS, type Item, listKey, markerFor } from "../support/content-edits";
import { count, createPlainUser, rows } from "../support/db";
import { expectJson, HttpClient } from "../support/http";
import { ADMIN, serverPerFile } from "../support/server";

// It writes content, so it has its own server on a copy of the demo content.
const server = serverPerFile();

async function pageText(path: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

async function staffClient() {
  const staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
  return staff;
}

describe("PUT api/content/{name}/", () => {
  it("each of the 14 kinds: shows at once on its page in both languages and in /data, with its activity row", async () => {
    const staff = await staffClient();
    const galleryPicture = String(((await staff.getJson("/api/content/gallery/")).gallery as Item[])[0]?.src);
    for (const kind of CONTENT_KINDS) {
      const edit = EDITS[kind];
      const marker = markerFor(kind, galleryPicture);
      const document = await staff.getJson<Record<string, Item[]>>(`/api/content/${kind}/`);
      // The api answers what /data answers.
      expect(document, kind).toEqual(await (await fetch(`${server.url}/data/${kind}.json`)).json());
      const list = document[listKey(kind)] ?? [];
      // Warm the page caches first: the edit must replace what they hold.
      for (const path of edit.pages) {
        expect(await pageText(path), `${kind} ${path} before`).not.toContain(marker.it);
        await pageText(`/en${path === "/" ? "" : path}`);
      }
      edit.change(list, marker);
      const activities = count(server, "Activity");
      const saved = await expectJson(await staff.request("PUT", `/api/content/${kind}/`, { json: document }), `PUT ${kind}`);
      expect(saved, kind).toEqual(document);
      expect(await (await fetch(`${server.url}/data/${kind}.json`)).json(), kind).toEqual(document);
      for (const path of edit.pages) {
        expect(await pageText(path), `${kind} ${path}`).toContain(marker.it);
        const english = await pageText(`/en${path === "/" ? "" : path}`);
        expect(english, `${kind} /en${path}`).toContain(edit.english === "en" ? marker.en : marker.it);
        if (edit.english === "en" && kind !== "subCategory") expect(english, `${kind} /en${path}`).not.toContain(marker.it);
      }
      expect(count(server, "Activity"), kind).toBe(activities + 1);
      expect(rows(server, "SELECT description, username FROM Activity ORDER BY id DESC LIMIT 1"), kind).toEqual([
        { description: expect.stringMatching(/^Modificati i contenuti "/), username: ADMIN.username },
      ]);
    }
  });

  it("a bad body is a 400 naming each field path, and nothing changes", async () => {
    const staff = await staffClient();
    const before = await (await fetch(`${server.url}/data/credits.json`)).text();
    const activities = count(server, "Activity");
    const res = await staff.request("PUT", "/api/content/credits/", {
      json: { credits: [{ id: 1, category: "Musicisti", src: "", title: "T", title_eng: "T", name: 5, occupation: "o", occupation_eng: "o", text: "t" }] },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({ "credits.0.name": "Deve essere un testo", "credits.0.text_eng": "Deve essere un testo" });
    expect(body.error).toBe("Deve essere un testo");
    const wrongKey = await staff.request("PUT", "/api/content/cookie_policy/", { json: { cookie_policy: [] } });
    expect(wrongKey.status).toBe(400);
    expect((await wrongKey.json()).errors).toEqual({ cookie_Policy: 'Manca la lista "cookie_Policy"' });
    expect((await staff.request("PUT", "/api/content/nessuno/", { json: {} })).status).toBe(404);
    expect(await (await fetch(`${server.url}/data/credits.json`)).text()).toBe(before);
    expect(count(server, "Activity")).toBe(activities);
  });

  it("refuses anonymous (401), non-staff (403) and token-less (403) writes, and anonymous reads of the api", async () => {
    const body = { legal_notes: [] };
    const anonymous = new HttpClient(server.url);
    await (await anonymous.fetch("/api/userinfo/")).text();
    expect((await anonymous.request("PUT", "/api/content/legal_notes/", { json: body })).status).toBe(401);
    expect((await anonymous.fetch("/api/content/legal_notes/")).status).toBe(401);
    await createPlainUser(server, "visitatore", "visitatore-password-123");
    const plain = new HttpClient(server.url);
    await plain.apiLogin("visitatore", "visitatore-password-123");
    expect((await plain.request("PUT", "/api/content/legal_notes/", { json: body })).status).toBe(403);
    const staff = await staffClient();
    expect((await staff.request("PUT", "/api/content/legal_notes/", { json: body, noCsrf: true })).status).toBe(403);
    expect(((await (await fetch(`${server.url}/data/legal_notes.json`)).json()).legal_notes as Item[]).length).toBeGreaterThan(0);
  });
});

describe("long texts on the public pages", () => {
  it("a blank line starts a paragraph and a single line break stays, in both languages (they ran together into one <p>)", async () => {
    const staff = await staffClient();
    const document = await staff.getJson<{ bio: Item[] }>("/api/content/bio/");
    const first = document.bio.find((item) => item.category === "Formazione") as Item;
    first.text = "Primo paragrafo,\nseconda riga.\n\nSecondo paragrafo.";
    first.text_eng = "First paragraph,\nsecond line.\n\nSecond paragraph.";
    await expectJson(await staff.request("PUT", "/api/content/bio/", { json: document }), "PUT bio");
    expect(await pageText("/bio")).toContain('<div class="rich-text"><p>Primo paragrafo,<br>seconda riga.</p><p>Secondo paragrafo.</p></div>');
    expect(await pageText("/en/bio")).toContain('<div class="rich-text"><p>First paragraph,<br>second line.</p><p>Second paragraph.</p></div>');
    // Plain text is stored as typed: /data keeps it for its clients.
    const data = (await (await fetch(`${server.url}/data/bio.json`)).json()) as { bio: Item[] };
    expect(data.bio.find((item) => item.id === first.id)?.text).toBe("Primo paragrafo,\nseconda riga.\n\nSecondo paragrafo.");
  });

  it("rich text (the news editor's HTML) in the content texts: allowed markup renders, script and onerror are stripped when saved and when shown", async () => {
    const staff = await staffClient();
    const document = await staff.getJson<{ bio: Item[] }>("/api/content/bio/");
    const first = document.bio.find((item) => item.category === "Formazione") as Item;
    first.text =
      '<p>Diplomata in <strong>composizione</strong> e <em>pianoforte</em><script>alert(1)</script></p><ul><li>Conservatorio</li></ul><p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a> <a href="https://it.wikipedia.org/wiki/Composizione">voce</a></p>';
    first.text_eng = '<p onclick="alert(4)">Graduated in <strong>composition</strong></p><iframe src="https://evil.test"></iframe>';
    await expectJson(await staff.request("PUT", "/api/content/bio/", { json: document }), "PUT bio");

    const stored = ((await (await fetch(`${server.url}/data/bio.json`)).json()) as { bio: Item[] }).bio.find((item) => item.id === first.id) as Item;
    for (const value of [String(stored.text), String(stored.text_eng)]) {
      expect(value).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img/i);
    }
    expect(stored.text).toContain("<strong>composizione</strong>");

    const italian = await pageText("/bio");
    expect(italian).toContain("<p>Diplomata in <strong>composizione</strong> e <em>pianoforte</em></p><ul><li>Conservatorio</li></ul>");
    expect(italian).toContain('<a href="https://it.wikipedia.org/wiki/Composizione" target="_blank" rel="noopener noreferrer">voce</a>');
    expect(italian).not.toMatch(/alert\(|onerror|javascript:/);
    const english = await pageText("/en/bio");
    expect(english).toContain("<p>Graduated in <strong>composition</strong></p>");
    expect(english).not.toMatch(/alert\(|onclick|evil\.test/);
  });
});

describe("/data/{name}.json after an edit", () => {
  it("is asked for each time (no-cache, ETag, 304 while unchanged), so an edit is seen at once (max-age=300 kept it 5 minutes)", async () => {
    const first = await fetch(`${server.url}/data/legal_notes.json`);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = String(first.headers.get("etag"));
    expect(etag).toMatch(/^"[\w-]+"$/);
    const document = (await first.json()) as { legal_notes: Item[] };
    expect((await fetch(`${server.url}/data/legal_notes.json`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    (document.legal_notes[0] as Item).description = "Nota legale modificata adesso.";
    const staff = await staffClient();
    await expectJson(await staff.request("PUT", "/api/content/legal_notes/", { json: document }), "PUT legal_notes");
    const after = await fetch(`${server.url}/data/legal_notes.json`, { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("Nota legale modificata adesso.");
  });
});
