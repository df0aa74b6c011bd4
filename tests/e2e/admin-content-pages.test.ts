// Issue 23: the admin pages of the 14 kinds of content (/admin/content/{name}). Native form posts, as a
// browser without JavaScript sends them: an edit shows at once on its public page in both languages and in
// /data/{name}.json with its activity row; a bad field is a 400 naming it in Italian with the typed values
// kept; up/down and the drag-and-drop order change /data; create, delete after confirmation, nested rows,
// an uploaded picture. Then Chromium at 390 px without JavaScript and at 1440 px with a drag and drop.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_KINDS, type ContentKind } from "~/lib/content-types";
import { staffPage } from "../support/auth";
import { browserPerWorker } from "../support/browser";
import { EDITS, formOf, type Item, listKey, markerFor } from "../support/content-edits";
import { count, row, rows } from "../support/db";
import { pngBytes } from "../support/files";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

// It writes content, so it has its own server on a copy of the demo content.
const server = appPerFile();
const browser = browserPerWorker();

async function staffClient() {
  const staff = new HttpClient(server.url);
  await staff.login();
  return staff;
}

async function dataList(kind: ContentKind): Promise<Item[]> {
  const res = await fetch(`${server.url}/data/${kind}.json`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Record<string, Item[]>)[listKey(kind)] ?? [];
}

async function pageText(p: string): Promise<string> {
  const res = await fetch(`${server.url}${p}`);
  expect(res.status, p).toBe(200);
  return res.text();
}

const activities = () => count(server, "Activity");

describe("/admin/content/{name} without JavaScript", () => {
  it("each of the 14 kinds: an edit through its form shows at once on its page in both languages and in /data, with its activity row", async () => {
    const staff = await staffClient();
    const picture = String((await dataList("gallery"))[0]?.src);
    for (const kind of CONTENT_KINDS) {
      const edit = EDITS[kind];
      const marker = markerFor(kind, picture);
      const before = await dataList(kind);
      const after = structuredClone(before);
      edit.change(after, marker);
      const changed = after.find((item, index) => JSON.stringify(item) !== JSON.stringify(before[index]));
      if (!changed) throw new Error(`${kind}: the edit changed nothing`);
      const list = await staff.get(`/admin/content/${kind}`);
      expect(list.status, kind).toBe(200);
      // The edit page has an input for every field the post below fills.
      const page = await (await staff.get(`/admin/content/${kind}/${String(changed.id)}`)).text();
      for (const name of formOf(changed).keys()) expect(page, `${kind} ${name}`).toContain(`name="${name}"`);
      for (const p of edit.pages) {
        expect(await pageText(p), `${kind} ${p} before`).not.toContain(marker.it);
        await pageText(`/en${p === "/" ? "" : p}`);
      }
      const count = activities();
      const saved = await staff.post(`/admin/content/${kind}/${String(changed.id)}`, formOf(changed));
      expect(saved.status, `${kind}: ${saved.status === 200 || saved.status === 400 ? await saved.text() : ""}`).toBe(302);
      expect(saved.headers.get("location"), kind).toBe(`/admin/content/${kind}?avviso=salvato`);
      expect(await dataList(kind), kind).toEqual(after);
      for (const p of edit.pages) {
        expect(await pageText(p), `${kind} ${p}`).toContain(marker.it);
        expect(await pageText(`/en${p === "/" ? "" : p}`), `${kind} /en${p}`).toContain(edit.english === "en" ? marker.en : marker.it);
      }
      expect(activities(), kind).toBe(count + 1);
      expect(row(server, "SELECT description FROM Activity ORDER BY id DESC LIMIT 1"), kind).toEqual({
        description: expect.stringMatching(/^Modificati i contenuti "/),
      });
    }
  });

  it("a bad field is a 400 that names it in Italian and shows the form again with what was typed; nothing changes", async () => {
    const staff = await staffClient();
    const before = await dataList("artistic_direction");
    const item = before.find((i) => typeof i.year === "number") ?? before[0]!;
    const count = activities();
    const res = await staff.post(`/admin/content/artistic_direction/${String(item.id)}`, formOf({ ...item, title: "Titolo scritto a mano", year: "duemila" }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("«Anno»: Deve essere un anno");
    expect(html).toContain('value="Titolo scritto a mano"');
    expect(html).toContain('value="duemila"');
    expect(html).not.toMatch(/Internal Server Error/i);
    // A field of a nested row is named with its row.
    const privacy = (await dataList("privacy_policy"))[0]!;
    const long = await staff.post(`/admin/content/privacy_policy/${String(privacy.id)}`, formOf(privacy, { "body.0.subTitle": "x".repeat(501) }));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("«Sezioni, riga 1: Sottotitolo (italiano)»: Al massimo 500 caratteri");
    expect(await dataList("artistic_direction")).toEqual(before);
    expect(activities()).toBe(count);
    // An unknown kind is the admin's 404; an unknown item goes back to its list.
    expect((await staff.get("/admin/content/nessuno")).status).toBe(404);
    expect((await staff.get("/admin/content/bio/99999")).headers.get("location")).toBe("/admin/content/bio?avviso=non-trovato");
  });

  it("up and down buttons and the drag-and-drop order change the order of /data", async () => {
    const staff = await staffClient();
    const ids = (await dataList("portfolio")).map((i) => i.id as number);
    const [a, b, c] = ids;
    const down = await staff.post("/admin/content/portfolio", { id: String(a), move: "down" });
    expect(down.status).toBe(302);
    expect((await dataList("portfolio")).map((i) => i.id)).toEqual([b, a, c, ...ids.slice(3)]);
    await staff.post("/admin/content/portfolio", { id: String(c), move: "up" });
    expect((await dataList("portfolio")).map((i) => i.id)).toEqual([b, c, a, ...ids.slice(3)]);
    const reversed = [...ids].reverse();
    expect((await staff.post("/admin/content/portfolio", { intent: "order", ids: reversed.join(",") })).status).toBe(302);
    expect((await dataList("portfolio")).map((i) => i.id)).toEqual(reversed);
    // An order that is not the list's items is refused: the list changed since the page was loaded.
    const stale = await staff.post("/admin/content/portfolio", { intent: "order", ids: reversed.slice(1).join(",") });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("L&#x27;elenco è cambiato nel frattempo");
  });

  it("creates an item, edits nested rows (add, remove, more blank rows) and deletes after the confirmation page", async () => {
    const staff = await staffClient();
    const before = await dataList("privacy_policy");
    const created = await staff.post(
      "/admin/content/privacy_policy/nuovo",
      formOf(
        { upperTitle: "Blocco nuovo", upperTitle_eng: "New block" },
        { "body.0.subTitle": "Primo", "body.0.subTitle_eng": "First", "body.1.subTitle": "" },
      ),
    );
    expect(created.status).toBe(302);
    const afterCreate = await dataList("privacy_policy");
    const maxId = Math.max(...before.map((i) => i.id as number));
    expect(afterCreate.at(-1)).toEqual({
      id: maxId + 1,
      upperTitle: "Blocco nuovo",
      upperTitle_eng: "New block",
      body: [{ id: 1, subTitle: "Primo", subTitle_eng: "First", description: "", description_eng: "" }],
    });
    expect(await pageText("/en/privacy-policy")).toContain("New block");

    // "Aggiungi riga": the form again, one more blank row, nothing saved.
    const more = await staff.post(`/admin/content/privacy_policy/${maxId + 1}`, formOf(afterCreate.at(-1)!, { intent: "add-row:body:3" }));
    expect(more.status).toBe(200);
    const html = await more.text();
    expect(html).toContain('name="body.3.subTitle"');
    expect(html).not.toContain('name="body.4.subTitle"');

    // A row marked "rimuovi" goes; a new row gets the list's next free id.
    const edited = await staff.post(
      `/admin/content/privacy_policy/${maxId + 1}`,
      formOf(afterCreate.at(-1)!, { "body.0.remove": "1", "body.1.subTitle": "Secondo", "body.1.subTitle_eng": "Second" }),
    );
    expect(edited.status).toBe(302);
    expect((await dataList("privacy_policy")).at(-1)?.body).toEqual([
      { id: 1, subTitle: "Secondo", subTitle_eng: "Second", description: "", description_eng: "" },
    ]);

    const confirm = await staff.get(`/admin/content/privacy_policy/${maxId + 1}/delete`);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("Sei sicuro di voler eliminare questo elemento?");
    const deleted = await staff.post(`/admin/content/privacy_policy/${maxId + 1}/delete`, { intent: "delete" });
    expect(deleted.headers.get("location")).toBe("/admin/content/privacy_policy?avviso=eliminato");
    expect(await dataList("privacy_policy")).toEqual(before);
  });

  it("stores a picture chosen in the form, counted so the janitor keeps it, and released when no longer used", async () => {
    const staff = await staffClient();
    const slide = (await dataList("slider_hero"))[0]!;
    const res = await staff.post(
      `/admin/content/slider_hero/${String(slide.id)}`,
      formOf(slide, { img__file: new File([await pngBytes()], "slide.png", { type: "image/png" }) }),
    );
    expect(res.status).toBe(302);
    const img = String((await dataList("slider_hero"))[0]?.img);
    expect(img).toMatch(/^\/media\/images\/[0-9a-f]+\.\w+$/);
    const key = img.replace(/^\/media\//, "");
    // The list and its revision (issue 24) use it.
    expect(rows(server, "SELECT refCount FROM StoredFile WHERE key = ?", key)).toEqual([{ refCount: 2 }]);
    expect(fs.existsSync(path.join(server.dataDir, "uploads", key))).toBe(true);
    expect(await pageText("/")).toContain(img.replace(/\.\w+$/, ""));
    // Back to the old picture: the list no longer uses the upload, the revision that had it keeps it for a restore.
    expect((await staff.post(`/admin/content/slider_hero/${String(slide.id)}`, formOf(slide))).status).toBe(302);
    expect(rows(server, "SELECT refCount FROM StoredFile WHERE key = ?", key)).toEqual([{ refCount: 1 }]);
    expect(fs.existsSync(path.join(server.dataDir, "uploads", key))).toBe(true);
  });

  it("the lists that feed several pages say where each item appears, by the pages' own rules (issue 35)", async () => {
    const staff = await staffClient();
    /** The places a list row names: "label -> href", in order. */
    const placesOf = async (kind: ContentKind) => {
      const html = await (await staff.get(`/admin/content/${kind}`)).text();
      const byId = new Map<number, string[]>();
      for (const [, id = "", cells = ""] of html.matchAll(/<tr [^>]*data-id="(\d+)"[^>]*>([\s\S]*?)<\/tr>/g)) {
        const cell = /<td class="content-list__placements">([\s\S]*?)<\/td>/.exec(cells)?.[1] ?? "";
        const links = [...cell.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map(([, href, label]) => `${label?.replace(/&#x27;/g, "'")} -> ${href}`);
        byId.set(Number(id), links.length > 0 ? links : [cell]);
      }
      return byId;
    };
    // bio: the texts of the home page's «Chi sono» and those of /bio, told apart, each shown where it says
    const bio = await placesOf("bio");
    const [home, bioPage] = [await pageText("/"), await pageText("/bio")];
    const categories = rows<{ name: string; type: string }>(server, "SELECT name, type FROM Category WHERE type IN ('about', 'bio') ORDER BY id");
    const seen = new Set<string>();
    for (const text of await dataList("bio")) {
      const places = bio.get(Number(text.id));
      const expected = categories
        .filter((c) => c.name.trim().toLowerCase() === String(text.category).trim().toLowerCase())
        .map((c) => (c.type === "about" ? `Pagina iniziale – Chi sono – «${c.name}» -> /` : `Pagina Biografia – «${c.name}» -> /bio`));
      expect(places, String(text.title)).toEqual(expected.length > 0 ? expected : ["Non appare sul sito"]);
      for (const place of places ?? []) {
        seen.add(place.split(" – ")[0] ?? "");
        expect(place.endsWith("-> /bio") ? bioPage : home, `${String(text.title)}: ${place}`).toContain(String(text.title));
      }
    }
    expect([...seen].sort()).toEqual(["Pagina Biografia", "Pagina iniziale"]);
    // the edit page of a text says it too
    const editing = (await dataList("bio")).find((t) => bio.get(Number(t.id))?.[0]?.startsWith("Pagina Biografia"));
    const editPage = await (await staff.get(`/admin/content/bio/${String(editing?.id)}`)).text();
    expect(editPage).toMatch(/Dove appare: <ul class="placements"><li><a href="\/bio">Pagina Biografia – «/);
    // a text moved to a category of the other page says so at once
    const moved = (await dataList("bio")).find((t) => bio.get(Number(t.id))?.[0]?.startsWith("Pagina Biografia"));
    const about = categories.find((c) => c.type === "about");
    if (!moved || !about) throw new Error("the demo has no /bio text or no «Chi sono» category");
    expect((await staff.post(`/admin/content/bio/${String(moved.id)}`, formOf({ ...moved, category: about.name }))).status).toBe(302);
    expect((await placesOf("bio")).get(Number(moved.id))).toEqual([`Pagina iniziale – Chi sono – «${about.name}» -> /`]);
    expect((await staff.post(`/admin/content/bio/${String(moved.id)}`, formOf(moved))).status).toBe(302); // back, for the other tests
    // the eighth slide is the single picture further down the home page
    const slides = [...(await placesOf("slider_hero")).values()];
    expect(slides[7]).toEqual(["Pagina iniziale – immagine singola sotto le composizioni -> /"]);
    expect(slides[0]).toEqual(["Pagina iniziale – immagini in evidenza -> /"]);
    // art direction: the overview's text, a label page's introduction, a work under its group
    const art = await placesOf("artistic_direction");
    for (const item of await dataList("artistic_direction")) {
      const sub = String(item.subcategory ?? "").trim();
      const label = `/art-direction/${encodeURIComponent(String(item.category).trim().toLowerCase())}`;
      const expected =
        sub.toLowerCase() === "lable"
          ? "Pagina Direzione artistica – testo introduttivo -> /art-direction"
          : sub.toLowerCase() === "description"
            ? `Pagina dell'etichetta «${String(item.category)}» – introduzione -> ${label}`
            : `Pagina dell'etichetta «${String(item.category)}» – «${sub}» -> ${label}`;
      expect(art.get(Number(item.id)), String(item.title)).toEqual([expected]);
    }
    // a list that feeds one page has no such column
    expect(await (await staff.get("/admin/content/credits")).text()).not.toContain("Dove appare");
  });

  it("sends anonymous visitors to the sign-in page and is in the admin menu", async () => {
    const anonymous = await new HttpClient(server.url).get("/admin/content/bio");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    const html = await (await (await staffClient()).get("/admin/")).text();
    for (const label of [
      "Slider",
      "Link social",
      "Collegamenti",
      "Descrizioni album",
      "Biografia",
      "Direzione artistica",
      "Sottocategorie",
      "Etichette",
      "Credits",
      "Galleria",
      "Portfolio",
      "Privacy",
      "Note legali",
      "Cookie",
    ]) {
      expect(html).toMatch(new RegExp(`<a [^>]*href="/admin/content/[a-zA-Z_]+"[^>]*>${label}</a>`));
    }
  });
});

describe("/admin/content/{name} in Chromium", () => {
  it("at 390 px without JavaScript: edit from the list, the form fits the screen", async () => {
    const { page } = await staffPage(browser, server, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/admin/content/credits`);
    const first = (await dataList("credits"))[0]!;
    await page.getByRole("link", { name: `Modifica: ${String(first.name)}` }).click();
    await page.getByLabel("Ruolo (inglese)").fill("Phone role");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Salva", exact: true }).last().click();
    await page.waitForURL(/\/admin\/content\/credits\?avviso=salvato$/);
    expect((await dataList("credits"))[0]?.occupation_eng).toBe("Phone role");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("at 1440 px with JavaScript: a row dragged onto another changes the order", async () => {
    const { page, errors } = await staffPage(browser, server, { javaScriptEnabled: true, viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/admin/content/subCategory`);
    await page.locator('.admin[data-hydrated="true"]').waitFor();
    const ids = (await dataList("subCategory")).map((i) => i.id as number);
    await page.locator(`tr[data-id="${ids[0]}"]`).dragTo(page.locator(`tr[data-id="${ids[2]}"]`));
    await expect.poll(async () => (await dataList("subCategory")).map((i) => i.id)).toEqual([ids[1], ids[2], ids[0], ...ids.slice(3)]);
    await page.getByText("Modifiche salvate").waitFor();
    expect(errors).toEqual([]);
  });
});
