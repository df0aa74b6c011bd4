// A category name is unique per type whatever its case (issue 10, "The database holds the rules"):
// the domain refuses a duplicate with a 409 and an Italian field message, the database refuses it
// even when written directly, and the migration renames duplicates already in a live database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { categoryIdsNamed, createCategory, findCategoryByName, updateCategory, type CategoryInput } from "~/server/domain/categories.server";
import { db } from "~/server/storage/db.server";
import { upsertStaffUser } from "~/server/domain/users.server";
import { applyPendingMigrations } from "../../scripts/ops/migrations.mjs";

let actor: { id: number; username: string };

beforeAll(async () => {
  actor = await upsertStaffUser("staff", "staff-password-1");
});

async function created(input: CategoryInput) {
  const saved = await createCategory(input, actor);
  if (!saved.ok) throw new Error(`fixture category not saved: ${JSON.stringify(saved.errors)}`);
  return saved.item;
}

describe("a category name is unique per type, whatever its case", () => {
  it("refuses the same name in another case, or with hyphens for spaces, with a 409 and an Italian message", async () => {
    const first = await created({ name: "Colonne sonore", name_eng: "Soundtracks", type: "music" });
    const activities = await db.activity.count();
    for (const name of ["COLONNE SONORE", "colonne sonore", "Colonne-Sonore"]) {
      expect(await createCategory({ name, name_eng: "Other", type: "music" }, actor)).toEqual({
        ok: false,
        status: 409,
        errors: { name: `Esiste già una categoria "${name}" di tipo Musica (maiuscole, spazi e trattini non contano).` },
      });
    }
    // Case beyond ASCII is refused too (SQLite's lower() alone would let this one through).
    await created({ name: "Città", name_eng: "City", type: "music" });
    expect(await createCategory({ name: "CITTÀ", name_eng: "CITY", type: "music" }, actor)).toMatchObject({ ok: false, status: 409 });
    expect(await db.category.count({ where: { type: "music" } })).toBe(2);
    expect(await db.activity.count()).toBe(activities + 1);
    expect((await findCategoryByName("music", "COLONNE Sonore"))?.id).toBe(first.id);
  });

  it("allows the same name in another type, and a category to change the case of its own name", async () => {
    const news = await created({ name: "Concerti", name_eng: "Concerts", type: "news" });
    const music = await created({ name: "CONCERTI", name_eng: "CONCERTS", type: "music" });
    expect(await categoryIdsNamed("concerti")).toEqual([news.id, music.id]);
    expect(await updateCategory(news.id, { name: "CONCERTI", name_eng: "CONCERTS", type: "news" }, actor)).toMatchObject({
      ok: true,
      item: { name: "CONCERTI" },
    });
    // Moving it into a type that already has the name is refused, and nothing changes.
    expect(await updateCategory(news.id, { name: "Concerti", name_eng: "Concerts", type: "music" }, actor)).toMatchObject({
      ok: false,
      status: 409,
      errors: { name: expect.stringContaining("Esiste già una categoria") },
    });
    expect(await db.category.findUnique({ where: { id: news.id }, select: { name: true, type: true } })).toEqual({ name: "CONCERTI", type: "news" });
  });

  it("is held by the database itself: a direct insert of a case variant fails on the unique index", async () => {
    await created({ name: "Teatro", name_eng: "Theatre", type: "music" });
    const direct = db.category.create({ data: { name: "TEATRO", nameEng: "THEATRE", type: "music" } });
    await expect(direct).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    await expect(direct).rejects.toMatchObject({ code: "P2002" });
    await expect(db.category.create({ data: { name: "TEATRO", nameEng: "THEATRE", type: "news" } })).resolves.toMatchObject({ name: "TEATRO" });
  });
});

describe("the migration on a live database with duplicates", () => {
  it("renames the later duplicates deterministically, then holds the rule", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "category-names-"));
    try {
      const migrationsDir = path.resolve("prisma/migrations");
      const all = fs
        .readdirSync(migrationsDir)
        .filter((name) => fs.existsSync(path.join(migrationsDir, name, "migration.sql")))
        .sort();
      const ours = all.findIndex((name) => name.endsWith("_category_unique_name"));
      expect(ours).toBeGreaterThan(0);
      // A database at the version before this migration, holding what the old code let through.
      const before = path.join(dir, "before");
      fs.mkdirSync(before);
      for (const name of all.slice(0, ours)) fs.cpSync(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
      const databaseFile = path.join(dir, "live.db");
      await applyPendingMigrations({ databaseFile, migrationsDir: before });
      const live = new Database(databaseFile);
      const insert = live.prepare(`INSERT INTO "Category" (id, name, nameEng, type) VALUES (?, ?, ?, ?)`);
      insert.run(1, "Colonne sonore", "Soundtracks", "music");
      insert.run(2, "COLONNE SONORE", "SOUNDTRACKS", "music");
      insert.run(3, "colonne sonore", "soundtracks", "music");
      insert.run(4, "Colonne sonore (2)", "Soundtracks (2)", "music");
      insert.run(5, "Colonne sonore", "Soundtracks", "news");
      insert.run(6, "Eventi", "Events", "news");
      live.prepare(`INSERT INTO "Music" (slug, title, categoryId, img, updatedAt) VALUES ('m', 'M', 2, '/x.jpg', 0)`).run();
      live.close();

      expect(await applyPendingMigrations({ databaseFile, migrationsDir })).toEqual(all.slice(ours));

      const migrated = new Database(databaseFile);
      try {
        expect(migrated.prepare(`SELECT id, name, type FROM "Category" ORDER BY id`).all()).toEqual([
          { id: 1, name: "Colonne sonore", type: "music" },
          { id: 2, name: "COLONNE SONORE (2)", type: "music" },
          { id: 3, name: "colonne sonore (3)", type: "music" },
          { id: 4, name: "Colonne sonore (2) (2)", type: "music" },
          { id: 5, name: "Colonne sonore", type: "news" },
          { id: 6, name: "Eventi", type: "news" },
        ]);
        // Rows keep their ids, so what used them still does.
        expect(migrated.prepare(`SELECT categoryId FROM "Music"`).get()).toEqual({ categoryId: 2 });
        expect(() => insert2(migrated, "EVENTI", "news")).toThrow(/UNIQUE constraint failed/);
        expect(() => insert2(migrated, "EVENTI", "music")).not.toThrow();
      } finally {
        migrated.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function insert2(database: Database.Database, name: string, type: string) {
  database.prepare(`INSERT INTO "Category" (name, nameEng, type) VALUES (?, ?, ?)`).run(name, name, type);
}
