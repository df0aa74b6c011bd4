// The admin lists' search ignores case, on SQLite (LIKE) and on PostgreSQL (ILIKE through Prisma's
// mode "insensitive": its plain `contains` is LIKE, which does not): npm run test:pg runs this file there.
import { describe, expect, it } from "vitest";
import { listActivities } from "~/server/domain/activity.server";
import { listCategories } from "~/server/domain/categories.server";
import { listMessages } from "~/server/domain/contact-inbox.server";
import { listMusic } from "~/server/domain/music.server";
import { listNews } from "~/server/domain/news.server";
import { db } from "~/server/storage/db.server";

describe("the admin search ignores case", () => {
  it("finds categories, news, compositions, activities and messages whatever the case of the words searched", async () => {
    const category = await db.category.create({ data: { name: "Colonne Sonore", nameEng: "Film Scores", type: "music" } });
    const newsCategory = await db.category.create({ data: { name: "Eventi", nameEng: "Events", type: "news" } });
    await db.news.create({
      data: { slug: "concerto-roma", title: "Concerto a Roma", titleEng: "Concert in Rome", date: "2026-01-01", categoryId: newsCategory.id },
    });
    await db.music.create({ data: { slug: "brano-lento", title: "Brano Lento", img: "", categoryId: category.id } });
    await db.activity.create({ data: { username: "Elena", description: "Creata la categoria Colonne Sonore" } });
    await db.contactMessage.create({ data: { name: "Mario Rossi", email: "Mario@Example.com", description: "Una Domanda" } });

    expect((await listCategories({ filter: { q: "colonne sonore" } })).rows.map((c) => c.name)).toEqual(["Colonne Sonore"]);
    expect((await listCategories({ filter: { q: "FILM" } })).rows.map((c) => c.name)).toEqual(["Colonne Sonore"]);
    expect((await listNews({ filter: { q: "CONCERTO", audience: "staff" } }, { slug: true })).rows.map((n) => n.slug)).toEqual(["concerto-roma"]);
    expect((await listMusic({ filter: { q: "brano lento", audience: "staff" } }, { slug: true })).rows.map((m) => m.slug)).toEqual(["brano-lento"]);
    expect((await listActivities({ filter: { q: "elena" } })).rows).toHaveLength(1);
    expect((await listMessages({ filter: { q: "mario@example" } })).rows).toHaveLength(1);
  });
});
