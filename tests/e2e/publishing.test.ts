import { beforeAll, describe, expect, it, vi } from "vitest";
import { row, rows } from "../support/db";
import { pngBytes, tinyPngFile, toneWav, uniquePdf } from "../support/files";
import { formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

// Issue 24: drafts, scheduled items and preview links. Each item's title carries a word of its own,
// so a page shows an item exactly when the page holds that word.
const server = appPerFile();
let api: HttpClient;
let admin: HttpClient;
let newsCategory: number;
let music: { id: number; name: string };

beforeAll(async () => {
  api = new HttpClient(server.url);
  await api.apiLogin();
  admin = new HttpClient(server.url);
  await admin.login();
  newsCategory = row<{ id: number }>(server, `SELECT id FROM Category WHERE type = 'news' ORDER BY id LIMIT 1`).id;
  music = row<{ id: number; name: string }>(server, `SELECT id, name FROM Category WHERE type = 'music' ORDER BY id LIMIT 1`);
});

const visitor = () => new HttpClient(server.url);
const slugOf = (table: "News" | "Music", word: string) => row<{ slug: string }>(server, `SELECT slug FROM ${table} WHERE title LIKE ?`, `%${word}%`).slug;
const idOf = (table: "News" | "Music", word: string) => row<{ id: number }>(server, `SELECT id FROM ${table} WHERE title LIKE ?`, `%${word}%`).id;

/** The admin's news and music forms, posted as a browser without JavaScript does. */
async function adminNews(word: string, publication: Record<string, string>) {
  const res = await admin.post(
    "/admin/newsCreate",
    formData({
      category: String(newsCategory),
      title: `Notizia ${word}`,
      title_eng: `News ${word}`,
      description: "",
      description_eng: "",
      date: "2031-01-01",
      ...publication,
    }),
  );
  expect(res.status, await res.clone().text()).toBe(302);
}

async function adminMusic(word: string, publication: Record<string, string>) {
  const res = await admin.post(
    "/admin/musicCreate",
    formData({
      category: String(music.id),
      title: `Brano ${word}`,
      mode: "link",
      link: "https://example.com/ascolta",
      image_file: tinyPngFile("c.png"),
      ...publication,
    }),
  );
  expect(res.status, await res.clone().text()).toBe(302);
}

/** The api/'s creates (multipart, SPEC.md 7), with the new fields when given. */
async function apiNews(word: string, publication: Record<string, string> = {}) {
  const res = await api.request("POST", "/api/news/", {
    form: formData({ category: String(newsCategory), title: `Notizia ${word}`, title_eng: `News ${word}`, date: "2031-01-01", ...publication }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; slug: string; status?: string; publish_at?: string | null };
}

async function apiMusic(word: string, publication: Record<string, string> = {}) {
  const res = await api.request("POST", "/api/music/", {
    form: formData({
      category: String(music.id),
      title: `Brano ${word}`,
      mode: "link",
      link: "https://example.com/x",
      img: tinyPngFile("c.png"),
      ...publication,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

const categoryPath = (lang: "it" | "en") => `${lang === "en" ? "/en" : ""}/compositions/${encodeURIComponent(music.name.toLowerCase())}`;

/**
 * Every public place that lists news or music, in both languages; the search for the words' common
 * prefixes (a search matches word prefixes, and the page repeats the query).
 */
function publicPlaces(words: string[]): string[] {
  const places: string[] = [];
  for (const prefix of ["", "/en"]) {
    places.push(`${prefix}/`, `${prefix}/news`, `${prefix}/compositions`, categoryPath(prefix ? "en" : "it"), `${prefix}/rss.xml`);
    for (const word of words) places.push(`${prefix}/search?query=${word}`);
  }
  places.push(
    "/sitemap.xml",
    "/api/news/?size=100",
    "/api/music/?size=100",
    "/api/latest-news/",
    "/api/latest-musics/",
    `/api/music-by-category/${encodeURIComponent(music.name)}/`,
  );
  return places;
}

async function bodyOf(client: HttpClient, path: string) {
  const res = await client.get(path);
  expect(res.status, path).toBe(200);
  return (await res.text()).toLowerCase();
}

describe("drafts and scheduled items are invisible to visitors", () => {
  it("shows the published items and none of the drafts or scheduled ones, anywhere, in both languages", async () => {
    const future = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
    // Admin forms (JavaScript off): a draft, a scheduled and a published item of each kind.
    await adminNews("zaffirobozza", { publication: "bozza" });
    await adminNews("zaffiroprogrammata", { publication: "programma", publish_at_local: "2099-01-15T10:30" });
    await adminNews("zaffiropubblicata", { publication: "ora" });
    await adminMusic("granatobozza", { publication: "bozza" });
    await adminMusic("granatoprogrammato", { publication: "programma", publish_at_local: "2099-07-15T10:30" });
    await adminMusic("granatopubblicato", { publication: "ora" });
    // The api/: the same three, and an old client's create without the new fields (published now).
    await apiNews("ambrabozza", { status: "draft" });
    await apiNews("ambraprogrammata", { status: "published", publish_at: future });
    await apiNews("ambrapubblicata");
    await apiMusic("opalebozza", { status: "draft" });
    await apiMusic("opaleprogrammato", { status: "published", publish_at: future });
    await apiMusic("opalepubblicato");

    // The Rome time typed in the form is stored in UTC (winter +1, summer +2).
    expect(row(server, `SELECT status, publishAt FROM News WHERE title LIKE '%zaffiroprogrammata%'`)).toEqual({
      status: "published",
      publishAt: expect.stringMatching(/^2099-01-15T09:30:00/),
    });
    expect(row<{ publishAt: string }>(server, `SELECT publishAt FROM Music WHERE title LIKE '%granatoprogrammato%'`).publishAt).toMatch(/^2099-07-15T08:30:00/);

    const hidden = [
      "zaffirobozza",
      "zaffiroprogrammata",
      "granatobozza",
      "granatoprogrammato",
      "ambrabozza",
      "ambraprogrammata",
      "opalebozza",
      "opaleprogrammato",
    ];
    const shown = ["zaffiropubblicata", "granatopubblicato", "ambrapubblicata", "opalepubblicato"];
    const client = visitor();
    const families = ["zaffiro", "granato", "ambra", "opale"];
    for (const path of publicPlaces(families)) {
      const body = await bodyOf(client, path);
      for (const word of hidden) expect(body, `${path} shows ${word}`).not.toContain(word);
    }
    // The walk can see items: every published one is in the places that list its kind.
    for (const path of ["/news", "/en/news", "/rss.xml", "/en/rss.xml", "/api/news/?size=100", "/api/latest-news/"]) {
      const body = await bodyOf(client, path);
      for (const word of ["zaffiropubblicata", "ambrapubblicata"]) expect(body, `${path} lacks ${word}`).toContain(word);
    }
    for (const path of [
      "/compositions",
      "/en/compositions",
      categoryPath("it"),
      categoryPath("en"),
      "/api/music/?size=100",
      `/api/music-by-category/${encodeURIComponent(music.name)}/`,
    ]) {
      const body = await bodyOf(client, path);
      for (const word of ["granatopubblicato", "opalepubblicato"]) expect(body, `${path} lacks ${word}`).toContain(word);
    }
    for (const word of shown) expect(await bodyOf(client, `/search?query=${word.slice(0, 5)}`), word).toContain(word);
    expect(await bodyOf(client, "/sitemap.xml")).toContain(slugOf("News", "zaffiropubblicata"));

    // Their own URLs answer 404 to visitors (pages in both languages, api/ by id and by slug).
    for (const word of ["zaffirobozza", "zaffiroprogrammata", "ambrabozza", "ambraprogrammata"]) {
      const slug = slugOf("News", word);
      for (const path of [`/news/${slug}`, `/en/news/${slug}`, `/api/news/${slug}/`, `/api/news/${idOf("News", word)}/`]) {
        expect((await client.get(path)).status, path).toBe(404);
      }
    }
    for (const word of ["granatobozza", "granatoprogrammato", "opalebozza", "opaleprogrammato"]) {
      // The composition pages are linked out for "link" items: a tracks item is checked in the preview test.
      for (const path of [`/api/music/${slugOf("Music", word)}/`, `/api/music/${idOf("Music", word)}/`])
        expect((await client.get(path)).status, path).toBe(404);
    }

    // Staff reads list them with their publication; an old client's published item keeps SPEC's shape.
    const staffList = (await (await api.get("/api/news/?size=100")).json()) as { title: string; status?: string; publish_at?: string }[];
    const byWord = (word: string) => staffList.find((n) => n.title.includes(word));
    expect(byWord("ambrabozza")).toMatchObject({ status: "draft", publish_at: null });
    expect(byWord("ambraprogrammata")).toMatchObject({ status: "published", publish_at: future });
    expect(byWord("ambrapubblicata")).not.toHaveProperty("status");
  });

  it("refuses an unknown status or an unreadable time with a 400 naming the field", async () => {
    const status = await api.request("POST", "/api/news/", { form: formData({ category: String(newsCategory), title: "x", title_eng: "x", status: "bozza" }) });
    expect(status.status).toBe(400);
    expect((await status.json()).errors).toHaveProperty("status");
    const time = await api.request("POST", "/api/news/", {
      form: formData({ category: String(newsCategory), title: "x", title_eng: "x", publish_at: "domani" }),
    });
    expect(time.status).toBe(400);
    expect((await time.json()).errors).toHaveProperty("publish_at");
    const form = await admin.post(
      "/admin/newsCreate",
      formData({ category: String(newsCategory), title: "x", title_eng: "x", date: "", publication: "programma", publish_at_local: "" }),
    );
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Data e ora non valide");
  });

  it("refuses «Programma» with a time already past in the admin, next to the field with every value kept; the api/ backdates", async () => {
    const typed = {
      category: String(newsCategory),
      title: "Notizia ambrapassata",
      title_eng: "News ambrapassata",
      description: "<p>Testo ambra</p>",
      description_eng: "<p>Amber text</p>",
      date: "2031-01-01",
      publication: "programma",
      publish_at_local: "2020-05-04T10:30",
    };
    const form = await admin.post("/admin/newsCreate", formData(typed));
    expect(form.status).toBe(400);
    const html = await form.text();
    expect(html).toMatch(/id="publish_at_local-error"[^>]*>[^<]*già passate/);
    for (const value of ["Notizia ambrapassata", "News ambrapassata", "2031-01-01", "2020-05-04T10:30"]) expect(html).toContain(`value="${value}"`);
    expect(html).toContain("Testo ambra");
    expect(html).toMatch(/<input(?=[^>]*value="programma")(?=[^>]*checked)[^>]*>/);
    expect(rows(server, "SELECT id FROM News WHERE title LIKE '%ambrapassata%'")).toEqual([]);
    // A composition's form says the same.
    const musicForm = await admin.post(
      "/admin/musicCreate",
      formData({
        category: String(music.id),
        title: "Brano ambrapassata",
        mode: "link",
        link: "https://example.com/x",
        image_file: tinyPngFile("c.png"),
        publication: "programma",
        publish_at_local: "2020-05-04T10:30",
      }),
    );
    expect(musicForm.status).toBe(400);
    expect(await musicForm.text()).toContain("già passate");

    // The api/ has no «Programma»: published with a past publish_at is a backdated publication, visible at once.
    const backdated = await apiNews("ambraretrodatata", { status: "published", publish_at: "2020-05-04T08:30:00Z" });
    expect((await visitor().get(`/news/${backdated.slug}`)).status).toBe(200);
    const stored = row<{ status: string; publishAt: string | number }>(server, "SELECT status, publishAt FROM News WHERE id = ?", backdated.id);
    expect([stored.status, new Date(stored.publishAt).toISOString()]).toEqual(["published", "2020-05-04T08:30:00.000Z"]);
  });

  it("lists the state in the admin, with a filter", async () => {
    await apiNews("quarzobozza", { status: "draft" });
    await apiNews("quarzoprogrammata", { publish_at: "2099-03-01T08:00:00Z" });
    const all = await (await admin.get("/admin/newsList?q=quarzo")).text();
    expect(all).toContain("Bozza");
    expect(all).toContain("Programmata per 01/03/2099 09:00");
    const drafts = await (await admin.get("/admin/newsList?q=quarzo&stato=bozza")).text();
    expect(drafts).toContain("quarzobozza");
    expect(drafts).not.toContain("quarzoprogrammata");
  });
});

describe("scheduled publication", () => {
  it("appears by itself at its time, with no write and no restart, through the warmed caches", async () => {
    const client = visitor();
    // Warm every cache: the page cache must serve /news as a hit before the time comes.
    await bodyOf(client, "/news");
    expect((await client.get("/news")).headers.get("x-page-cache")).toBe("HIT");
    await bodyOf(client, "/search?query=topaziopuntuale");
    const at = new Date(Date.now() + 3000);
    const item = await apiNews("topaziopuntuale", { publish_at: at.toISOString() });
    expect(await bodyOf(client, "/news")).not.toContain("topaziopuntuale");
    expect((await client.get(`/news/${item.slug}`)).status).toBe(404);

    await vi.waitFor(
      async () => {
        expect(await bodyOf(client, "/news")).toContain("topaziopuntuale");
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect((await client.get(`/news/${item.slug}`)).status).toBe(200);
    expect(await bodyOf(client, "/search?query=topaziopuntuale")).toContain("topaziopuntuale");
    expect(await bodyOf(client, "/rss.xml")).toContain("topaziopuntuale");
  });
});

describe("preview", () => {
  it("shows a draft to staff at its public URL with the banner, never stored for visitors", async () => {
    await adminNews("rubinoanteprima", { publication: "bozza" });
    const slug = slugOf("News", "rubinoanteprima");
    const res = await admin.get(`/news/${slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const html = await res.text();
    expect(html).toContain("Anteprima");
    expect(html).toContain("rubinoanteprima");
    for (let i = 0; i < 2; i++) {
      const anonymous = await visitor().get(`/news/${slug}`);
      expect(anonymous.status).toBe(404);
    }
  });

  it("opens a draft to anyone with a preview link, noindex and no-store, until it expires", async () => {
    const item = await apiNews("smeraldolink", { status: "draft" });
    const made = await api.request("POST", `/api/news/${item.id}/preview-link/`, { json: { expires_in: 4 } });
    expect(made.status).toBe(201);
    const { url, expires_at } = (await made.json()) as { url: string; expires_at: string };
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now());
    const path = new URL(url).pathname + new URL(url).search;
    expect(path).toMatch(new RegExp(`^/news/${item.slug}\\?preview=[A-Za-z0-9_-]{40,}$`));
    expect(rows(server, `SELECT tokenHash FROM PreviewLink`).map((r) => r.tokenHash)).not.toContain(new URL(url).searchParams.get("preview"));

    for (const target of [path, `/en${path}`, path]) {
      const res = await visitor().get(target);
      expect(res.status, target).toBe(200);
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
      expect(res.headers.get("x-page-cache")).not.toBe("HIT");
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex"');
      expect(html).toMatch(/Anteprima|Preview/);
    }
    expect((await visitor().get(`/news/${item.slug}`)).status).toBe(404);
    expect((await visitor().get(`/news/${item.slug}?preview=${"x".repeat(43)}`)).status).toBe(404);

    await vi.waitFor(
      async () => {
        expect((await visitor().get(path)).status).toBe(404);
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(expires_at).getTime());
  });

  it("makes and revokes a link from the admin edit page (JavaScript off), for a composition too", async () => {
    const composition = await api.request("POST", "/api/music/", {
      form: formData({
        category: String(music.id),
        title: "Brano diamanterevoca",
        mode: "tracks",
        videos: "https://www.youtube.com/watch?v=abcdefghijk",
        img: tinyPngFile("c.png"),
        status: "draft",
      }),
    });
    expect(composition.status).toBe(201);
    const { slug } = (await composition.json()) as { slug: string };
    const edit = `/admin/musicList/${slug}`;
    const made = await admin.post(edit, { intent: "preview-link" });
    expect(made.status).toBe(200);
    const url = /href="(http[^"]+\?preview=[^"]+)"/.exec(await made.text())?.[1];
    expect(url).toBeTruthy();
    const path = new URL(url ?? "").pathname + new URL(url ?? "").search;
    expect((await visitor().get(path)).status).toBe(200);
    expect((await visitor().get(new URL(url ?? "").pathname)).status).toBe(404);

    const page = await (await admin.get(edit)).text();
    expect(page).toContain("Revoca");
    const link = row<{ id: number }>(server, `SELECT id FROM PreviewLink WHERE musicId = (SELECT id FROM Music WHERE slug = ?)`, slug);
    expect((await admin.post(edit, { intent: "revoke-preview", link: String(link.id) })).status).toBe(200);
    expect((await visitor().get(path)).status).toBe(404);
    expect(await (await admin.get(edit)).text()).toContain("Nessun link di anteprima attivo");
  });
});

describe("the files of a draft or scheduled item", () => {
  /** A GET of a /media URL: its status and Cache-Control. */
  const fetched = async (client: HttpClient, url: string) => {
    const res = await client.get(url);
    await res.arrayBuffer();
    return [res.status, res.headers.get("cache-control")];
  };

  /**
   * A draft composition with a cover and one track, once its stream and waveform are made (in the
   * background). Stored files are content-addressed: each call needs its own colour and seconds.
   */
  async function draftComposition(word: string, colour: string, seconds: number) {
    const master = (await (await api.upload(toneWav(seconds, { sampleRate: 22050, channels: 1 }), `${word}.wav`)).json()) as { temp_name: string };
    const res = await api.request("POST", "/api/music/", {
      form: formData({
        category: String(music.id),
        title: `Brano ${word}`,
        mode: "tracks",
        img: [new Blob([await pngBytes(colour, 40)], { type: "image/png" }), "copertina.png"],
        music_tracks: JSON.stringify([{ temp_name: master.temp_name, display_name: `Tema ${word}` }]),
        status: "draft",
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const item = (await res.json()) as { id: number; slug: string; img: string };
    type Track = { url: string; state: string; stream_url: string; peaks_url: string | null };
    const track = await vi.waitFor(
      async () => {
        const [first] = (await api.getJson<{ music_tracks: Track[] }>(`/api/music/${item.id}/`)).music_tracks;
        if (first?.state !== "ready") throw new Error(`state ${first?.state}`);
        return first;
      },
      { timeout: 120_000, interval: 250 },
    );
    return { item, track };
  }

  it("answer 404 to visitors at their /media URLs (never cached), are served privately to staff and preview links, and are public once published", async () => {
    const picture = new Blob([await pngBytes("#5c3f7a", 48)], { type: "image/png" });
    const pdf = (await (await api.upload(uniquePdf(), "programma.pdf")).json()) as { temp_name: string };
    const res = await api.request("POST", "/api/news/", {
      form: formData({
        category: String(newsCategory),
        title: "Notizia ossidianafile",
        title_eng: "News ossidianafile",
        date: "2031-01-01",
        status: "draft",
        image: [picture, "locandina.png"],
        attachments: JSON.stringify([{ temp_name: pdf.temp_name, display_name: "Programma" }]),
      }),
    });
    expect(res.status).toBe(201);
    const item = (await res.json()) as { id: number; slug: string; image: string; attachments: { url: string }[] };
    const files = [item.image, `${item.image}?w=320`, item.attachments[0]!.url];

    for (const url of files) expect(await fetched(visitor(), url), url).toEqual([404, "no-store"]);
    for (const url of files) expect(await fetched(api, url), url).toEqual([200, "private, no-store"]);

    // A preview link's viewer gets them (the page leaves the token for /media), until the link is revoked.
    const link = (await (await api.request("POST", `/api/news/${item.id}/preview-link/`)).json()) as { url: string };
    const viewer = visitor();
    expect((await viewer.get(new URL(link.url).pathname + new URL(link.url).search)).status).toBe(200);
    for (const url of files) expect(await fetched(viewer, url), url).toEqual([200, "private, no-store"]);
    const linkId = row<{ id: number }>(server, "SELECT id FROM PreviewLink WHERE newsId = ?", item.id).id;
    expect((await admin.post(`/admin/newsList/${item.slug}`, { intent: "revoke-preview", link: String(linkId) })).status).toBe(200);
    expect(await fetched(viewer, item.image), "revoked").toEqual([404, "no-store"]);

    // A file a published item uses too stays public.
    const shared = await api.request("POST", "/api/news/", {
      form: formData({
        category: String(newsCategory),
        title: "Notizia ossidianapubblica",
        title_eng: "x",
        date: "2031-01-01",
        image: [picture, "stessa.png"],
      }),
    });
    expect(shared.status).toBe(201);
    expect(((await shared.json()) as { image: string }).image).toBe(item.image);
    expect((await fetched(visitor(), item.image))[0]).toBe(200);
    expect((await fetched(visitor(), item.attachments[0]!.url))[0]).toBe(404);

    // Published: every file is public, with the usual long cache.
    expect((await api.request("PATCH", `/api/news/${item.id}/`, { json: { status: "published" } })).status).toBe(200);
    for (const url of files) expect(await fetched(visitor(), url), url).toEqual([200, "public, max-age=31536000, immutable"]);
  });

  it("of a draft composition (its cover, master, stream and waveform) answer 404 to visitors and are served privately to staff, until it is published", async () => {
    const { item, track } = await draftComposition("ossidianatraccia", "#2f5c7a", 3);
    const files = [item.img, `${item.img}?w=320`, track.url, track.stream_url, track.peaks_url!];
    expect(new Set(files).size).toBe(files.length);

    for (const url of files) expect(await fetched(visitor(), url), url).toEqual([404, "no-store"]);
    for (const url of files) expect(await fetched(api, url), url).toEqual([200, "private, no-store"]);

    expect((await api.request("PATCH", `/api/music/${item.id}/`, { json: { status: "published" } })).status).toBe(200);
    for (const url of files) expect((await fetched(visitor(), url))[0], url).toBe(200);
  });

  it("stay private once no live row uses them: a draft's replaced picture, a draft composition in the trash (issue 34.8)", async () => {
    const created = await api.request("POST", "/api/news/", {
      form: formData({
        category: String(newsCategory),
        title: "Notizia ossidianasostituita",
        title_eng: "x",
        date: "2031-01-01",
        status: "draft",
        image: [new Blob([await pngBytes("#7a3f5c", 44)], { type: "image/png" }), "prima.png"],
      }),
    });
    expect(created.status).toBe(201);
    const draft = (await created.json()) as { id: number; image: string };
    const replacing = await api.request("PATCH", `/api/news/${draft.id}/`, {
      form: formData({ image: [new Blob([await pngBytes("#7a5c3f", 44)], { type: "image/png" }), "seconda.png"] }),
    });
    expect(replacing.status, await replacing.clone().text()).toBe(200);
    const replaced = [draft.image, `${draft.image}?w=320`];
    expect(((await replacing.json()) as { image: string }).image).not.toBe(draft.image);
    for (const url of replaced) expect(await fetched(visitor(), url), url).toEqual([404, "no-store"]);
    for (const url of replaced) expect(await fetched(api, url), url).toEqual([200, "private, no-store"]);

    const { item, track } = await draftComposition("ossidianacestino", "#3f7a5c", 2);
    expect((await api.request("DELETE", `/api/music/${item.id}`)).status).toBe(204);
    const trashed = [item.img, `${item.img}?w=320`, track.url, track.stream_url, track.peaks_url!];
    for (const url of trashed) expect(await fetched(visitor(), url), url).toEqual([404, "no-store"]);
    for (const url of trashed) expect(await fetched(api, url), url).toEqual([200, "private, no-store"]);
  });
});
