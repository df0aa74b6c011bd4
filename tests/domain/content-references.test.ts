// Issue 34: content names categories and subcategories by name; a rename rewrites those references in its own
// transaction (app/server/domain/content-references.server.ts, ADR 039). The label pages and both kinds of
// restore are covered over HTTP by tests/e2e/content-renames.test.ts; here, on SQLite and PostgreSQL, the other
// references (a biography section, credits, a gallery) and the cases a page would not show.
import { beforeAll, expect, it } from "vitest";
import { createCategory, updateCategory } from "~/server/domain/categories.server";
import { contentList, replaceContent } from "~/server/domain/content.server";
import { db } from "~/server/storage/db.server";
import { staffWithCategory } from "../support/staff";

let actor: { id: number; username: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ actor } = await staffWithCategory("redazione", { name: "Notizie", name_eng: "News", type: "news" }));
  // The demo's names, as the setup imported its content files.
  for (const [name, type] of [
    ["Formazione", "bio"],
    ["Chi sono", "about"],
    ["Musicisti", "credits"],
    ["Studio", "gallery"],
    ["Backstage", "gallery"],
  ] as const) {
    const saved = await createCategory({ name, name_eng: name, type }, actor);
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    ids[name] = saved.item.id;
  }
});

const rename = async (name: string, to: string, type: "bio" | "about" | "credits" | "gallery" | "music") => {
  const saved = await updateCategory(ids[name]!, { name: to, name_eng: to, type }, actor);
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
};
const categoriesOf = async (kind: "bio" | "credits" | "gallery") => [...new Set((await contentList(kind)).map((item) => item.category))].sort();

it("a biography section, a credits category and a gallery category renamed: their items follow", async () => {
  const bioTexts = (await contentList("bio")).filter((t) => t.category === "Formazione").length;
  expect(bioTexts).toBeGreaterThan(0);
  await rename("Formazione", "Studi", "bio");
  await rename("Chi sono", "Su di me", "about");
  await rename("Musicisti", "Interpreti", "credits");
  await rename("Studio", "In studio", "gallery");
  expect((await contentList("bio")).filter((t) => t.category === "Studi")).toHaveLength(bioTexts);
  expect(await categoriesOf("bio")).toEqual(["Carriera", "Riconoscimenti", "Studi", "Su di me"]);
  expect(await categoriesOf("credits")).toEqual(["Collaboratori", "Interpreti", "Produzione"]);
  expect(await categoriesOf("gallery")).toEqual(["Backstage", "Concerti", "In studio"]);
});

it("a category that changes type as well is no rename: what named it is left alone", async () => {
  await rename("Backstage", "Dietro le quinte", "music");
  expect(await categoriesOf("gallery")).toContain("Backstage");
});

it("two subcategories that swap names in one save swap their works; a rename of the case only is one too", async () => {
  const before = await contentList("subCategory");
  const works = async (name: string) => (await contentList("artistic_direction")).filter((w) => w.subcategory === name).map((w) => w.id);
  const [concerts, festivals] = [await works("Concerti"), await works("Festival")];
  const swapped = before.map((s) => (s.name === "Concerti" ? { ...s, name: "Festival" } : s.name === "Festival" ? { ...s, name: "Concerti" } : s));
  const saved = await replaceContent("subCategory", { subCategory: swapped }, actor);
  expect(saved.ok).toBe(true);
  expect([await works("Festival"), await works("Concerti")]).toEqual([concerts, festivals]);
  const renamed = (await contentList("subCategory")).map((s) => (s.name === "Colonne sonore" ? { ...s, name: "COLONNE SONORE" } : s));
  expect((await replaceContent("subCategory", { subCategory: renamed }, actor)).ok).toBe(true);
  expect((await works("COLONNE SONORE")).length).toBeGreaterThan(0);
  expect(await works("Colonne sonore")).toEqual([]);
});

it("a rename and its references are one transaction: a refused save changes neither", async () => {
  const subcategories = await contentList("subCategory");
  const worksBefore = await db.contentItem.findMany({ where: { kind: "artistic_direction" }, select: { data: true }, orderBy: { position: "asc" } });
  const refused = await replaceContent(
    "subCategory",
    { subCategory: subcategories.map((s, index) => (index === 0 ? { ...s, name: "Altro nome", name_eng: 5 } : s)) },
    actor,
  );
  expect(refused.ok).toBe(false);
  expect(await contentList("subCategory")).toEqual(subcategories);
  expect(await db.contentItem.findMany({ where: { kind: "artistic_direction" }, select: { data: true }, orderBy: { position: "asc" } })).toEqual(worksBefore);
});
