// Issue 34: the art direction works name their subcategory and their label. Renaming «Produzioni discografiche»
// (PUT api/content/subCategory/) left the works under the old name on the label pages, in a group nobody could
// edit. Now a rename, in the admin (native form posts, as without JavaScript) or in the api, carries every
// reference in its transaction (docs/decisions/039-references-survive-renames.md), and a restore of an earlier
// revision, of the subcategories or of the works, keeps them together.
import { describe, expect, it } from "vitest";
import { decodeEntities } from "~/lib/html-text";
import { formOf, type Item } from "../support/content-edits";
import { row, rows } from "../support/db";
import { expectJson, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";

// It renames content, so it has its own server on a copy of the demo content.
const server = appPerFile();

type Lang = "it" | "en";
const LANGS: Lang[] = ["it", "en"];
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function dataList(kind: string): Promise<Item[]> {
  return ((await (await fetch(`${server.url}/data/${kind}.json`)).json()) as Record<string, Item[]>)[kind] ?? [];
}

async function admin() {
  const staff = new HttpClient(server.url);
  await staff.login();
  return staff;
}

async function api() {
  const staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
  return staff;
}

const labelPath = (label: string, lang: Lang) => `${lang === "en" ? "/en" : ""}/art-direction/${encodeURIComponent(label.toLowerCase())}`;

/** The groups a label page shows: each subcategory's title with the titles of its works, in page order. */
async function shownGroups(label: string, lang: Lang): Promise<Record<string, string[]>> {
  const res = await fetch(`${server.url}${labelPath(label, lang)}`);
  expect(res.status, labelPath(label, lang)).toBe(200);
  const html = await res.text();
  const groups: Record<string, string[]> = {};
  for (const [, title, body] of html.matchAll(/<section class="works"[^>]*><h2 class="section-title"[^>]*>([^<]*)<\/h2>([\s\S]*?)<\/section>/g)) {
    groups[decodeEntities(title!)] = [...body!.matchAll(/<h3 class="work-card__title">([^<]*)<\/h3>/g)].map((m) => decodeEntities(m[1]!)).sort();
  }
  return groups;
}

/** What a label page must show, from /data: every work of the label under the name of its subcategory in `lang`. */
async function expectedGroups(label: string, lang: Lang): Promise<Record<string, string[]>> {
  const [works, subcategories] = await Promise.all([dataList("artistic_direction"), dataList("subCategory")]);
  const groups: Record<string, string[]> = {};
  for (const work of works.filter((w) => same(String(w.category), label))) {
    if (["lable", "description"].includes(String(work.subcategory).toLowerCase())) continue;
    const sub = subcategories.find((s) => same(String(s.name), String(work.subcategory)));
    // A work whose subcategory is not in the list would be a group of its own that nobody can edit.
    expect(sub, `${label}: the subcategory of «${String(work.title)}» is in the list`).toBeDefined();
    const title = String(lang === "en" ? sub!.name_eng : sub!.name);
    (groups[title] ??= []).push(String((lang === "en" && work.title_eng) || work.title));
  }
  for (const titles of Object.values(groups)) titles.sort();
  return groups;
}

/** Every label page, in both languages, shows each work under its subcategory; answers the Italian groups of `label`. */
async function everyLabelPageShowsItsWorks(labels: string[]) {
  for (const label of labels) {
    for (const lang of LANGS) expect(await shownGroups(label, lang), labelPath(label, lang)).toEqual(await expectedGroups(label, lang));
  }
}

const labelNames = () => rows<{ name: string }>(server, "SELECT name FROM Category WHERE type = 'lable' ORDER BY id").map((r) => r.name);
const worksNamed = async (field: "subcategory" | "category", name: string) => (await dataList("artistic_direction")).filter((w) => w[field] === name).length;
/** The revisions of the works with a work that names `name` as its `field` (a restore of one would bring it back). */
const revisionsNaming = (field: "subcategory" | "category", name: string) =>
  rows<{ snapshot: string }>(server, "SELECT snapshot FROM Revision WHERE kind = 'content' AND itemKey = 'artistic_direction'").filter((r) =>
    (JSON.parse(r.snapshot) as Item[]).some((work) => work[field] === name),
  ).length;

/** The id of the newest revision of a content kind whose list has an item named `name`. */
async function revisionNaming(staff: HttpClient, kind: string, name: string): Promise<number> {
  const revisions = await expectJson<{ id: number; item: Record<string, Item[]> }[]>(
    await staff.request("GET", `/api/content/${kind}/revisions/`),
    "revisions",
  );
  const found = revisions.find((r) => r.item[kind]?.some((item) => item.name === name));
  if (!found) throw new Error(`no revision of ${kind} names ${name}`);
  return found.id;
}

let worksBaseline = 0;

describe("a subcategory renamed", () => {
  it("before: a work edited in the admin keeps a revision of the works under the old names", async () => {
    const staff = await admin();
    const work = (await dataList("artistic_direction"))[0]!;
    expect((await staff.post(`/admin/content/artistic_direction/${String(work.id)}`, formOf(work, { title: "Contemporanea vol. 1" }))).status).toBe(302);
    worksBaseline = row<{ id: number }>(server, "SELECT min(id) AS id FROM Revision WHERE kind = 'content' AND itemKey = 'artistic_direction'").id;
    expect(revisionsNaming("subcategory", "Produzioni discografiche")).toBe(2);
    await everyLabelPageShowsItsWorks(labelNames());
  });

  it("in the admin (a form post): its works follow on every label page in both languages, and in /data", async () => {
    const staff = await admin();
    const before = await worksNamed("subcategory", "Produzioni discografiche");
    expect(before).toBe(13);
    const item = (await dataList("subCategory")).find((s) => s.name === "Produzioni discografiche")!;
    expect((await staff.post(`/admin/content/subCategory/${String(item.id)}`, formOf(item, { name: "Dischi", name_eng: "Records" }))).status).toBe(302);
    expect(await worksNamed("subcategory", "Dischi")).toBe(before);
    expect(await worksNamed("subcategory", "Produzioni discografiche")).toBe(0);
    await everyLabelPageShowsItsWorks(labelNames());
    for (const label of labelNames()) {
      expect(Object.keys(await shownGroups(label, "it"))).toContain("Dischi");
      expect(Object.keys(await shownGroups(label, "en"))).toContain("Records");
      expect(await (await fetch(`${server.url}${labelPath(label, "it")}`)).text()).not.toContain("Produzioni discografiche");
    }
    // The works' revisions name the new name too, and the activity row says so.
    expect(revisionsNaming("subcategory", "Produzioni discografiche")).toBe(0);
    expect(row<{ description: string }>(server, "SELECT description FROM Activity ORDER BY id DESC LIMIT 1").description).toBe(
      'Modificati i contenuti "Sottocategorie" (6 elementi; «Produzioni discografiche» ora «Dischi» in 13 opere della direzione artistica)',
    );
  });

  it("a restore of the works' earlier revision keeps them under today's name", async () => {
    const staff = await api();
    await expectJson(await staff.request("POST", `/api/content/artistic_direction/revisions/${worksBaseline}/restore/`), "restore the works");
    expect((await dataList("artistic_direction"))[0]!.title).not.toBe("Contemporanea vol. 1");
    expect(await worksNamed("subcategory", "Dischi")).toBe(13);
    await everyLabelPageShowsItsWorks(labelNames());
  });

  it("a restore of the subcategories' earlier revision (the admin's history page) brings the old name back, and the works follow", async () => {
    const staff = await admin();
    const revision = await revisionNaming(await api(), "subCategory", "Produzioni discografiche");
    const res = await staff.post("/admin/content/subCategory/history", { revisionId: String(revision) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/content/subCategory/history?avviso=ripristinato");
    expect(await worksNamed("subcategory", "Produzioni discografiche")).toBe(13);
    await everyLabelPageShowsItsWorks(labelNames());
    for (const label of labelNames()) expect(Object.keys(await shownGroups(label, "it"))).toContain("Produzioni discografiche");
  });

  it("through the api, and back with a restore through the api", async () => {
    const staff = await api();
    const list = await dataList("subCategory");
    const renamed = list.map((s) => (s.name === "Concerti" ? { ...s, name: "Concerti dal vivo", name_eng: "Live concerts" } : s));
    await expectJson(await staff.request("PUT", "/api/content/subCategory/", { json: { subCategory: renamed } }), "PUT subCategory");
    expect([await worksNamed("subcategory", "Concerti dal vivo"), await worksNamed("subcategory", "Concerti")]).toEqual([6, 0]);
    await everyLabelPageShowsItsWorks(labelNames());
    expect(Object.keys(await shownGroups("Nebbia Records", "en"))).toContain("Live concerts");

    const revision = await revisionNaming(staff, "subCategory", "Concerti");
    await expectJson(await staff.request("POST", `/api/content/subCategory/revisions/${revision}/restore/`), "restore subCategory");
    expect([await worksNamed("subcategory", "Concerti dal vivo"), await worksNamed("subcategory", "Concerti")]).toEqual([0, 6]);
    await everyLabelPageShowsItsWorks(labelNames());
  });

  it("«Lable» and «description» name the page's own texts: renaming them, or to them, is refused and nothing changes", async () => {
    const staff = await admin();
    const before = await dataList("subCategory");
    const lable = before.find((s) => s.name === "Lable")!;
    const refused = await staff.post(`/admin/content/subCategory/${String(lable.id)}`, formOf(lable, { name: "Etichette" }));
    expect(refused.status).toBe(400);
    expect(decodeEntities(await refused.text())).toContain("«Lable» e «description» sono nomi riservati");
    const festival = before.find((s) => s.name === "Festival")!;
    expect((await staff.post(`/admin/content/subCategory/${String(festival.id)}`, formOf(festival, { name: "description" }))).status).toBe(400);
    expect(await dataList("subCategory")).toEqual(before);
  });
});

describe("a label renamed", () => {
  it("in the admin (the category's form post): its picture, its works and its page follow, in both languages", async () => {
    const staff = await admin();
    const works = await worksNamed("category", "Nebbia Records");
    const { id } = row<{ id: number }>(server, "SELECT id FROM Category WHERE name = 'Nebbia Records'");
    const form = { name: "Nebbia Dischi", name_eng: "Nebbia Discs", type: "lable" };
    expect((await staff.post(`/admin/categoryList/${id}`, form)).status).toBe(302);
    expect(await worksNamed("category", "Nebbia Dischi")).toBe(works);
    expect((await dataList("lable")).map((l) => l.category)).toContain("Nebbia Dischi");
    await everyLabelPageShowsItsWorks(labelNames());
    expect((await fetch(`${server.url}${labelPath("Nebbia Records", "it")}`)).status).toBe(404);
    const overview = await (await fetch(`${server.url}/en/art-direction`)).text();
    expect(overview).toContain("Nebbia Discs");
    expect(overview).toContain(`href="${labelPath("Nebbia Dischi", "en")}"`);
    expect(revisionsNaming("category", "Nebbia Records")).toBe(0);
    expect(rows(server, "SELECT description FROM Activity ORDER BY id DESC LIMIT 2").map((r) => r.description)).toEqual([
      'Modificata la categoria "Nebbia Dischi"',
      `Rinominata la categoria "Nebbia Records" in "Nebbia Dischi" anche in ${works + 1} contenuti`,
    ]);
  });

  it("through the api (PATCH api/category/{id}/), and a restore of the works' earlier revision keeps them under it", async () => {
    const staff = await api();
    const { id } = row<{ id: number }>(server, "SELECT id FROM Category WHERE name = 'Officina Sonora'");
    const works = await worksNamed("category", "Officina Sonora");
    await expectJson(await staff.request("PATCH", `/api/category/${id}/`, { json: { name: "Officina Sonora Edizioni" } }), "PATCH category");
    expect(await worksNamed("category", "Officina Sonora Edizioni")).toBe(works);
    await everyLabelPageShowsItsWorks(labelNames());
    await expectJson(await staff.request("POST", `/api/content/artistic_direction/revisions/${worksBaseline}/restore/`), "restore the works");
    expect(await worksNamed("category", "Officina Sonora Edizioni")).toBe(works);
    expect(await worksNamed("category", "Nebbia Dischi")).toBeGreaterThan(0);
    await everyLabelPageShowsItsWorks(labelNames());
  });
});
