import { describe, expect, it } from "vitest";
import { staffPage } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { rows } from "../support/db";
import { expectJson, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";
import type { WireMusic } from "~/server/http/api/wire.server";

// Issue 25: staff reorder a composition's tracks and name them in both languages, through the admin
// (native form posts) and api/. It writes, so it has its own server (the demo content).
const server = appPerFile();
const browser = browserPerWorker();

const SLUG = "nebbia-su-ferrara";
const EDIT = `/admin/musicList/${SLUG}`;
const PAGE_IT = "/compositions/colonne%20sonore/nebbia-su-ferrara";
const PAGE_EN = "/en/compositions/colonne%20sonore/nebbia-su-ferrara";

const saved = () =>
  rows<{ id: number; name: string; nameEng: string }>(
    server,
    "SELECT t.id, t.name, t.nameEng FROM MusicTrack t JOIN Music m ON m.id = t.musicId WHERE m.slug = ? ORDER BY t.position",
    SLUG,
  );

/** The track names a public page lists, in order (its server-rendered HTML). */
async function listed(path: string): Promise<string[]> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  return [...html.matchAll(/<span class="track-link__name">([^<]*)<\/span>/g)].map((m) => m[1]!.replace(/&#x27;|&#39;/g, "'"));
}

describe("track order and names in the admin (no JavaScript)", () => {
  it("moves a track down and up with native posts; the public page lists them in that order", async () => {
    const before = saved().map((t) => t.name);
    expect(before.slice(0, 2)).toEqual(["Sigla", "Le mura"]);
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    await page.goto(`${server.url}${EDIT}`);
    await page.getByRole("button", { name: "Sposta giù: Sigla" }).click();
    await page.waitForURL(`${server.url}${EDIT}#track-*`);
    expect(saved().map((t) => t.name)).toEqual(["Le mura", "Sigla", ...before.slice(2)]);
    expect(await listed(PAGE_IT)).toEqual(["Le mura", "Sigla", ...before.slice(2)]);
    // the first can't go up, the last can't go down
    expect(await page.getByRole("button", { name: "Sposta su: Le mura" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: `Sposta giù: ${before.at(-1)}` }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Sposta su: Sigla" }).click();
    await page.waitForURL(`${server.url}${EDIT}#track-*`);
    expect(saved().map((t) => t.name)).toEqual(before);
    expect(rows(server, "SELECT description FROM Activity ORDER BY id DESC LIMIT 1")).toEqual([
      { description: `Modificato l'ordine delle tracce di "Nebbia su Ferrara"` },
    ]);
  });

  it("names a track in Italian and English; each page shows its language's name, an empty English name shows the Italian", async () => {
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false });
    await page.goto(`${server.url}${EDIT}`);
    const row = page.locator('.track-order__item[data-track-name="Le mura"]');
    await row.getByLabel("Nome", { exact: true }).fill("Le mura estensi");
    await row.getByLabel("Nome (inglese)").fill("The Este walls");
    await row.getByRole("button", { name: "Salva i nomi: Le mura" }).click();
    await page.waitForURL(`${server.url}${EDIT}#track-*`);
    expect(saved()[1]).toMatchObject({ name: "Le mura estensi", nameEng: "The Este walls" });
    expect((await listed(PAGE_IT))[1]).toBe("Le mura estensi");
    expect((await listed(PAGE_EN))[1]).toBe("The Este walls");
    // Sigla has no English name: the English page shows the Italian one.
    expect((await listed(PAGE_EN))[0]).toBe("Sigla");

    // an empty Italian name is refused with a message, nothing changes
    const renamed = page.locator('.track-order__item[data-track-name="Le mura estensi"]');
    await renamed.getByLabel("Nome", { exact: true }).fill("");
    await renamed.getByLabel("Nome", { exact: true }).evaluate((input) => input.removeAttribute("required"));
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), renamed.getByRole("button").last().click()]);
    expect(response.status()).toBe(400);
    expect(await page.locator(".track-order [role=alert]").textContent()).toBe("Compila i campi obbligatori");
    expect(saved()[1]).toMatchObject({ name: "Le mura estensi", nameEng: "The Este walls" });
  });

  it("refuses a move of a track that is not the composition's with a 400 and a message", async () => {
    const client = new HttpClient(server.url);
    await client.login(ADMIN.username, ADMIN.password);
    const other = rows<{ id: number }>(server, "SELECT t.id FROM MusicTrack t JOIN Music m ON m.id = t.musicId WHERE m.slug <> ? LIMIT 1", SLUG)[0]!;
    const response = await client.post(EDIT, { intent: "move-track", track: String(other.id), direction: "up" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Traccia non trovata");
  });
});

describe("track order by drag and drop (JavaScript on, 1440 px)", () => {
  it("the third track dragged by its handle above the first is saved in that order, kept after a reload", async () => {
    const before = saved().map((t) => t.name);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const { page, errors } = await staffPage(browser, server, { javaScriptEnabled: true, viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}${EDIT}`);
    await page.locator('.admin[data-hydrated="true"]').waitFor();
    const item = (name: string) => page.locator(`.track-order__item[data-track-name="${name}"]`);
    await item(before[2]!).locator(".track-order__handle").dragTo(item(before[0]!));
    const expected = [before[2], before[0], before[1], ...before.slice(3)];
    await expect.poll(() => saved().map((t) => t.name)).toEqual(expected);
    expect(rows(server, "SELECT description FROM Activity ORDER BY id DESC LIMIT 1")).toEqual([
      { description: `Modificato l'ordine delle tracce di "Nebbia su Ferrara"` },
    ]);
    await page.reload();
    await page.locator('.admin[data-hydrated="true"]').waitFor();
    expect(await page.locator(".track-order__item").evaluateAll((items) => items.map((i) => i.getAttribute("data-track-name")))).toEqual(expected);
    expect(await listed(PAGE_IT)).toEqual(expected);
    expect(errors).toEqual([]);
  });

  it("refuses an order that is not exactly the composition's tracks with a 400 and a message, nothing moved", async () => {
    const before = saved();
    const client = new HttpClient(server.url);
    await client.login(ADMIN.username, ADMIN.password);
    const response = await client.post(EDIT, {
      intent: "order-tracks",
      ids: before
        .slice(1)
        .map((t) => t.id)
        .join(","),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("L&#x27;elenco delle tracce è cambiato nel frattempo");
    expect(saved()).toEqual(before);
  });
});

describe("track order and names through api/", () => {
  it("an update's music_tracks order is the order shown; name_eng is set, kept when absent, shown on English pages", async () => {
    const staff = new HttpClient(server.url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    const music = await staff.getJson<WireMusic>(`/api/music/${SLUG}`);
    const reversed = [...music.music_tracks].reverse();
    const body = reversed.map(({ url, name }, i) => (i === 0 ? { url, name, name_eng: "Season's end" } : { url, name }));
    const updated = await expectJson<WireMusic>(await staff.request("PATCH", `/api/music/${SLUG}/`, { json: { music_tracks: body } }), "patch");
    expect(updated.music_tracks.map((t) => t.url)).toEqual(reversed.map((t) => t.url));
    expect(updated.music_tracks[0]).toMatchObject({ name: reversed[0]!.name, name_eng: "Season's end" });
    expect((await listed(PAGE_EN))[0]).toBe("Season's end");
    expect(await listed(PAGE_IT)).toEqual(reversed.map((t) => t.name));

    // An old client sends {url, name} only: the English names stay.
    const again = await expectJson<WireMusic>(
      await staff.request("PATCH", `/api/music/${SLUG}/`, { json: { music_tracks: updated.music_tracks.map(({ url, name }) => ({ url, name })) } }),
      "patch",
    );
    expect(again.music_tracks[0]!.name_eng).toBe("Season's end");
    expect(again.music_tracks.find((t) => t.name === "Le mura estensi")?.name_eng).toBe("The Este walls");
  });
});
