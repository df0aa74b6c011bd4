// A category name is unique per type whatever its case, as staff and api clients see it: the admin
// form (a native post, no JavaScript) answers 409 with the Italian message beside the field, the
// api answers 409 JSON {error}, and public URLs find a category in any case.
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";

const server = appPerFile({ env: { SEED_DEMO: "0" } });
let client: HttpClient;
let csrf: string;

beforeAll(async () => {
  client = new HttpClient(server.url);
  csrf = await client.login();
});

const categories = () => rows<{ id: number; name: string; type: string }>(server, "SELECT id, name, type FROM Category ORDER BY id");
const MESSAGE = (name: string, type: string) => `Esiste già una categoria &quot;${name}&quot; di tipo ${type} (maiuscole, spazi e trattini non contano).`;

function api(method: string, path: string, body: unknown) {
  return client.fetch(path, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", "X-CSRFToken": csrf } });
}

describe("category names", () => {
  it("the admin form refuses a name that differs only by case: 409, Italian message at the field, values kept", async () => {
    const first = await client.post("/admin/categoryCreate", { name: "Colonne sonore", name_eng: "Soundtracks", type: "music" });
    expect(first.status).toBe(302);
    const before = categories();

    const duplicate = await client.post("/admin/categoryCreate", { name: "COLONNE SONORE", name_eng: "SOUNDTRACKS", type: "music" });
    expect(duplicate.status).toBe(409);
    const html = await duplicate.text();
    expect(html).toContain(MESSAGE("COLONNE SONORE", "Musica"));
    expect(html).toMatch(/<input[^>]*id="name"[^>]*value="COLONNE SONORE"/);
    expect(categories()).toEqual(before);

    // The same name in another type is another category.
    expect((await client.post("/admin/categoryCreate", { name: "Colonne Sonore", name_eng: "Soundtracks", type: "news" })).status).toBe(302);
    const news = categories().find((c) => c.type === "news")!;
    // Editing it into the music type would collide: refused the same way, nothing changed.
    const edit = await client.post(`/admin/categoryList/${news.id}`, { name: "colonne-sonore", name_eng: "Soundtracks", type: "music" });
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain(MESSAGE("colonne-sonore", "Musica"));
    expect(categories().find((c) => c.id === news.id)).toEqual(news);
  });

  it("the api answers 409 JSON {error} for a duplicate, on create and on change", async () => {
    const created = await api("POST", "/api/category/", { name: "Concerti", name_eng: "Concerts", type: "music" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const before = categories();

    const duplicate = await api("POST", "/api/category/", { name: "CONCERTI", name_eng: "CONCERTS", type: "music" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await duplicate.json()).toMatchObject({ error: 'Esiste già una categoria "CONCERTI" di tipo Musica (maiuscole, spazi e trattini non contano).' });

    const colonne = before.find((c) => c.name === "Colonne sonore")!;
    const patch = await api("PATCH", `/api/category/${id}/`, { name: "colonne sonore" });
    expect(patch.status).toBe(409);
    expect(((await patch.json()) as { error: string }).error).toContain("Esiste già una categoria");
    expect(categories()).toEqual(before);
    // Its own name in another case is fine.
    const own = await api("PATCH", `/api/category/${id}/`, { name: "CONCERTI" });
    expect(own.status).toBe(200);
    expect(categories().find((c) => c.id === colonne.id)?.name).toBe("Colonne sonore");
  });

  it("public URLs find the category whatever the case, in both languages", async () => {
    for (const path of ["/compositions/colonne%20sonore", "/compositions/COLONNE%20Sonore", "/en/compositions/Colonne-Sonore"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toMatch(/<h1[^>]*>[^<]*(COLONNE SONORE|SOUNDTRACKS)/);
    }
    expect((await fetch(`${server.url}/compositions/colonne%20sonor`)).status).toBe(404);
  });
});
