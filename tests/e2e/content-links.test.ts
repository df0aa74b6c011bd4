// Issue 35: the link fields of the content pages took anything («non è un indirizzo», `instagram.com/x` that led
// to a 404, `javascript:`), and a picture could be any address (a `data:text/html,…` one was stored and rendered).
// Now a link is a web page, an e-mail address, a telephone number or a path of the site, stored with https://
// added where the scheme was missing (the rule the music form's link follows, lib/paths.ts), and a picture is a
// stored file. A refusal is a 400 with the message next to the field in the admin form (a native post: the form
// with JavaScript posts the same and shows the same answer) and an error by field path in PUT api/content/{name}/.
import { describe, expect, it } from "vitest";
import { decodeEntities } from "~/lib/html-text";
import { formOf, type Item } from "../support/content-edits";
import { count, run } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";

// It writes content, so it has its own server on a copy of the demo content.
const server = appPerFile();

const LINK_REFUSED = "Indirizzo non valido: un link inizia con http://, https://, mailto: o tel:, oppure è un percorso del sito (/...)";
const PICTURE_REFUSED = "Immagine non valida: scegli un file caricato (/media/...) o caricane uno";
const PICTURE_MISSING = "Immagine non trovata: scegli un file caricato o caricane uno";

async function staffClient() {
  const staff = new HttpClient(server.url);
  await staff.login();
  return staff;
}

async function dataList(kind: string): Promise<Item[]> {
  const listKey = kind === "cookie_policy" ? "cookie_Policy" : kind;
  return ((await (await fetch(`${server.url}/data/${kind}.json`)).json()) as Record<string, Item[]>)[listKey] ?? [];
}

const itemOf = async (kind: string, id: number) => (await dataList(kind)).find((item) => item.id === id)!;
const pageText = async (path: string) => (await fetch(`${server.url}${path}`)).text();

/** The message the admin form shows under the control `id` (null when none). */
function fieldError(html: string, id: string): string | null {
  const match = new RegExp(`<small class="field__error" id="${id}-error">([^<]*)</small>`).exec(html);
  return match ? decodeEntities(match[1]!) : null;
}

/** Posts the admin form of one item with some fields changed. */
async function saveItem(staff: HttpClient, kind: string, id: number, changes: Record<string, string>) {
  return staff.post(`/admin/content/${kind}/${id}`, formOf(await itemOf(kind, id), changes));
}

describe("/admin/content/{name}", () => {
  it("a link without its scheme is stored with https:// and the home page's icon leads there", async () => {
    const staff = await staffClient();
    expect((await saveItem(staff, "follows", 1, { link: "instagram.com/elenamarchetti" })).status).toBe(302);
    expect((await itemOf("follows", 1)).link).toBe("https://instagram.com/elenamarchetti");
    expect(await pageText("/")).toContain('href="https://instagram.com/elenamarchetti"');
  });

  it("takes e-mail, telephone and a path of the site; the path leads to the page in the visitor's language", async () => {
    const staff = await staffClient();
    expect((await saveItem(staff, "follows", 2, { link: "mailto:studio@elenamarchetti.it" })).status).toBe(302);
    expect((await saveItem(staff, "follows", 3, { link: "tel:+39 051 123456" })).status).toBe(302);
    expect((await saveItem(staff, "internal_link", 1, { link: "/bio" })).status).toBe(302);
    expect([(await itemOf("follows", 2)).link, (await itemOf("follows", 3)).link, (await itemOf("internal_link", 1)).link]).toEqual([
      "mailto:studio@elenamarchetti.it",
      "tel:+39 051 123456",
      "/bio",
    ]);
    const home = await pageText("/");
    expect(home).toContain('href="mailto:studio@elenamarchetti.it"');
    expect(home).toContain('href="/bio"');
    expect(await pageText("/en")).toContain('href="/en/bio"');
  });

  it("refuses text that is no address, javascript:, data: and other schemes, next to the field with what was typed; nothing changes", async () => {
    const staff = await staffClient();
    const before = await dataList("follows");
    const activities = count(server, "Activity");
    for (const link of ["non è un indirizzo", "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "ftp://files.example.com/x", "//"]) {
      const res = await saveItem(staff, "follows", 4, { link });
      expect(res.status, link).toBe(400);
      const html = await res.text();
      expect(fieldError(html, "f-link"), link).toBe(LINK_REFUSED);
      if (link === "non è un indirizzo") expect(html).toContain(`value="non è un indirizzo"`);
    }
    // A link of a nested row (a work's artist), named with its row.
    const work = (await dataList("artistic_direction")).find((item) => Array.isArray(item.artists) && item.artists.length > 0)!;
    const res = await saveItem(staff, "artistic_direction", Number(work.id), { "artists.0.link": "javascript:alert(1)" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, "f-artists-0-link")).toBe(LINK_REFUSED);
    expect(decodeEntities(html)).toContain(`«Artisti, riga 1: Collegamento»: ${LINK_REFUSED}`);
    expect(await dataList("follows")).toEqual(before);
    expect(count(server, "Activity")).toBe(activities);
  });

  it("a picture is a stored file: a data: URL, an address elsewhere and a missing file are refused; a stored one is taken", async () => {
    const staff = await staffClient();
    const slides = await dataList("slider_hero");
    for (const [img, message] of [
      ["data:text/html,<script>alert(1)</script>", PICTURE_REFUSED],
      ["https://example.com/foto.jpg", PICTURE_REFUSED],
      ["/media/../app.db", PICTURE_REFUSED],
      ["/media/images/0000000000000000000000000000000000000000000000000000000000000000.jpg", PICTURE_MISSING],
    ] as const) {
      const res = await saveItem(staff, "slider_hero", 1, { img });
      expect(res.status, img).toBe(400);
      expect(fieldError(await res.text(), "f-img"), img).toBe(message);
    }
    expect(await dataList("slider_hero")).toEqual(slides);
    expect((await saveItem(staff, "slider_hero", 1, { img: String(slides[2]!.img) })).status).toBe(302);
    expect((await itemOf("slider_hero", 1)).img).toBe(slides[2]!.img);
  });

  it("a link saved before links were checked is not followed, and a save of another item names it", async () => {
    run(server, `UPDATE ContentItem SET data = json_set(data, '$.link', 'javascript:alert(1)') WHERE kind = 'follows' AND json_extract(data, '$.id') = 5`);
    expect(await pageText("/")).not.toContain("javascript:");
    const staff = await staffClient();
    const res = await saveItem(staff, "follows", 6, { link: "https://www.linkedin.com/in/elenamarchetti" });
    expect(res.status).toBe(400);
    expect(decodeEntities(await res.text())).toContain(
      `Un altro elemento dell'elenco, «SoundCloud», ha un valore non valido in «Indirizzo del profilo»: ${LINK_REFUSED}. Correggilo prima di salvare questo.`,
    );
    expect((await saveItem(staff, "follows", 5, { link: "soundcloud.com/elenamarchetti" })).status).toBe(302);
    expect((await saveItem(staff, "follows", 6, { link: "https://www.linkedin.com/in/elenamarchetti" })).status).toBe(302);
  });
});

describe("PUT api/content/{name}/", () => {
  async function apiClient() {
    const staff = new HttpClient(server.url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    return staff;
  }

  it("answers 400 naming the field of a bad link or picture, and stores a link without its scheme with https://", async () => {
    const staff = await apiClient();
    const cookies = await dataList("cookie_policy");
    const put = (list: Item[]) => staff.request("PUT", "/api/content/cookie_policy/", { json: { cookie_Policy: list } });
    const bad = await put(cookies.map((item, index) => (index === 1 ? { ...item, link: "javascript:alert(1)" } : item)));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: LINK_REFUSED, errors: { "cookie_Policy.1.link": LINK_REFUSED } });

    const slides = await dataList("slider_hero");
    const picture = await staff.request("PUT", "/api/content/slider_hero/", {
      json: { slider_hero: slides.map((item, index) => (index === 0 ? { ...item, img: "data:text/html,<script>alert(1)</script>" } : item)) },
    });
    expect(picture.status).toBe(400);
    expect((await picture.json()).errors).toEqual({ "slider_hero.0.img": PICTURE_REFUSED });

    const good = await put(cookies.map((item, index) => (index === 1 ? { ...item, link: "www.garanteprivacy.it/temi/cookie" } : item)));
    expect(good.status).toBe(200);
    expect((await dataList("cookie_policy"))[1]!.link).toBe("https://www.garanteprivacy.it/temi/cookie");
    expect(await pageText("/cookie-policy")).toContain('href="https://www.garanteprivacy.it/temi/cookie"');
  });
});
