import path from "node:path";
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { staffPage } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { row } from "../support/db";
import { pngBytes, tinyPngFile } from "../support/files";
import { expectJson, formData, HttpClient } from "../support/http";
import { ADMIN, serverPerFile } from "../support/server";

// Issue 23: compositions have an optional English title; English pages show it, Italian pages the
// Italian one, and an empty English title falls back to the Italian one. It writes: its own server.
const server = serverPerFile();
const browser = browserPerWorker();
let staff: HttpClient;
let category: { id: number; name: string };

beforeAll(async () => {
  staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
  const categories: { id: number; name: string }[] = await (await staff.get("/api/category/?type=music")).json();
  category = categories.find((c) => c.name === "COLONNE SONORE")!;
});

async function createMusic(fields: Record<string, string>) {
  const res = await staff.request("POST", "/api/music/", {
    form: formData({ category: String(category.id), videos: "https://www.youtube.com/watch?v=abcdefghijk", img: tinyPngFile("cover.png"), ...fields }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; slug: string; title: string; title_eng: string };
}

const html = async (pathname: string) => {
  const res = await fetch(`${server.url}${pathname}`);
  expect(res.status, pathname).toBe(200);
  return res.text();
};
const h1 = (page: string) => /<h1 class="composition__title">([^<]*)<\/h1>/.exec(page)?.[1];
const title = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];
const albumLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)]
    .flatMap((m) => [JSON.parse(m[1]!)].flat() as { "@type": string; name?: string }[])
    .find((item) => item["@type"] === "MusicAlbum");
const detailPath = (slug: string, lang: "it" | "en") => `${lang === "en" ? "/en" : ""}/compositions/${encodeURIComponent(category.name.toLowerCase())}/${slug}`;

describe("English titles of compositions", () => {
  it("an api/ create with title_eng: English pages, search and JSON-LD show it, Italian pages the Italian title", async () => {
    const music = await createMusic({ title: "Notturno per archi", title_eng: "Nocturne for Strings" });
    expect(music.title_eng).toBe("Nocturne for Strings");
    expect(((await (await fetch(`${server.url}/api/music/${music.id}/`)).json()) as { title_eng: string }).title_eng).toBe("Nocturne for Strings");

    const english = await html(detailPath(music.slug, "en"));
    expect(h1(english)).toBe("Nocturne for Strings");
    expect(title(english)).toContain("Nocturne for Strings");
    expect(albumLd(english)?.name).toBe("Nocturne for Strings");
    expect(english).not.toContain("Notturno per archi");

    const italian = await html(detailPath(music.slug, "it"));
    expect(h1(italian)).toBe("Notturno per archi");
    expect(albumLd(italian)?.name).toBe("Notturno per archi");

    // cards: the home page, the category page
    expect(await html("/en")).toContain("Nocturne for Strings");
    expect(await html(`/en/compositions/${encodeURIComponent(category.name.toLowerCase())}`)).toContain("Nocturne for Strings");
    expect(await html(`/compositions/${encodeURIComponent(category.name.toLowerCase())}`)).not.toContain("Nocturne for Strings");

    // search: the English words find it; the English results show the English title
    const results = await html(`/en/search?query=${encodeURIComponent("nocturne strings")}`);
    expect(results).toContain("Nocturne for Strings");
    expect(results).toContain(`href="${detailPath(music.slug, "en")}"`);

    // a PATCH without title_eng keeps it; an empty one clears it and English pages fall back
    await expectJson(await staff.request("PATCH", `/api/music/${music.slug}/`, { json: { description: "Per archi" } }), "patch");
    expect(h1(await html(detailPath(music.slug, "en")))).toBe("Nocturne for Strings");
    const cleared = await expectJson(await staff.request("PATCH", `/api/music/${music.slug}/`, { json: { title_eng: "" } }), "patch");
    expect(cleared.title_eng).toBe("");
    expect(h1(await html(detailPath(music.slug, "en")))).toBe("Notturno per archi");
  });

  it("an api/ create without title_eng (an old client): English pages show the Italian title", async () => {
    const music = await createMusic({ title: "Sinfonia breve" });
    expect(music.title_eng).toBe("");
    const english = await html(detailPath(music.slug, "en"));
    expect(h1(english)).toBe("Sinfonia breve");
    expect(albumLd(english)?.name).toBe("Sinfonia breve");
    expect(await html(`/en/search?query=sinfonia`)).toContain("Sinfonia breve");
  });

  it("the demo's compositions carry the English names the demo news use", async () => {
    const demo = (await (await fetch(`${server.url}/api/music/notturno-urbano/`)).json()) as { title: string; title_eng: string };
    expect(demo).toMatchObject({ title: "Notturno urbano", title_eng: "Urban Nocturne" });
  });

  it("the admin form saves the English title without JavaScript, and shows it again on edit", async () => {
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    const cover = path.join(server.dataDir, "cover-titles.png");
    fs.writeFileSync(cover, await pngBytes("#225577"));
    await page.goto(`${server.url}/admin/musicCreate`);
    await page.selectOption("#category", { label: "COLONNE SONORE" });
    await page.fill("#title", "Preludio d'autunno");
    await page.getByLabel("Titolo (inglese)").fill("Autumn Prelude");
    await page.check('input[name="mode"][value="link"]');
    await page.fill("#link", "https://open.spotify.com/album/autumn");
    await page.setInputFiles("#image_file", cover);
    await Promise.all([page.waitForURL(/\/admin\/musicList\/preludio-d-autunno\?avviso=salvato$/), page.click('button:has-text("Salva")')]);
    expect(row(server, "SELECT title, titleEng FROM Music WHERE slug = 'preludio-d-autunno'")).toEqual({
      title: "Preludio d'autunno",
      titleEng: "Autumn Prelude",
    });

    await page.goto(`${server.url}/admin/musicList/preludio-d-autunno`);
    expect(await page.inputValue("#title_eng")).toBe("Autumn Prelude");
    await page.fill("#title_eng", "");
    await Promise.all([page.waitForURL(/\/admin\/musicList\/preludio-d-autunno\?avviso=salvato$/), page.click('button:has-text("Salva modifiche")')]);
    expect(row(server, "SELECT titleEng FROM Music WHERE slug = 'preludio-d-autunno'")).toEqual({ titleEng: "" });
  });
});
