// What public pages derive from the database is kept until the content changes (app/server/storage/read-cache.server.ts):
// the same value while the content version stays, and the database's new state right after a write that
// moved it, made through the domain or by another connection (a script, another process).
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { musicCatalogue } from "~/server/views/compositions.server";
import { contentChanged, refreshContentVersion } from "~/server/storage/content-version.server";
import { db } from "~/server/storage/db.server";
import { getEnv } from "~/server/platform/env.server";
import { newsCards } from "~/server/views/news-view.server";
import { untilContentChanged } from "~/server/storage/read-cache.server";
import { first } from "../support/present";

const MOVE_VERSION = `UPDATE "ContentVersion" SET version = version + 1 WHERE id = 1`;

/**
 * A write by another connection that moves the content version, as a script must (content-version.server.ts).
 * On PostgreSQL the version is read before each request and every second: this waits for that read,
 * as the next request would.
 */
async function writeElsewhere(sql: string, param?: unknown) {
  const env = getEnv();
  if (env.database === "postgresql") {
    const other = new pg.Client({ connectionString: env.databaseUrl });
    await other.connect();
    try {
      await other.query(sql.replace("?", "$1"), param === undefined ? [] : [param]);
      await other.query(MOVE_VERSION);
    } finally {
      await other.end();
    }
    await refreshContentVersion();
    return;
  }
  const other = new Database(path.resolve(env.databaseFile));
  try {
    other.prepare(sql).run(...(param === undefined ? [] : [param]));
    other.prepare(MOVE_VERSION).run();
  } finally {
    other.close();
  }
}

describe("untilContentChanged", () => {
  it("builds once while the content is unchanged, and again after a content write or a write by another connection", async () => {
    let builds = 0;
    const build = async () => ++builds;
    expect(await untilContentChanged("test:counter", build)).toBe(1);
    expect(await untilContentChanged("test:counter", build)).toBe(1);
    // Not content: sessions, captchas, the activity log leave it kept.
    await db.captcha.create({ data: { id: "c1", answer: "ABCDE", expiresAt: new Date(Date.now() + 60_000) } });
    expect(await untilContentChanged("test:counter", build)).toBe(1);
    await db.$transaction(async (tx) => {
      await tx.category.create({ data: { name: "Scritta da Prisma", nameEng: "Written by Prisma", type: "news" } });
      await contentChanged(tx);
    });
    expect(await untilContentChanged("test:counter", build)).toBe(2);
    expect(await untilContentChanged("test:counter", build)).toBe(2);
    await writeElsewhere(`INSERT INTO "Category" (name, "nameEng", type) VALUES ('Scritta altrove', 'Written elsewhere', 'news')`);
    expect(await untilContentChanged("test:counter", build)).toBe(3);
  });

  it("builds again when its stamp differs (what the version does not follow: the day, for the upcoming concerts)", async () => {
    let builds = 0;
    const build = async () => ++builds;
    expect(await untilContentChanged("test:stamped", build, "2027-03-10")).toBe(1);
    expect(await untilContentChanged("test:stamped", build, "2027-03-10")).toBe(1);
    expect(await untilContentChanged("test:stamped", build, "2027-03-11")).toBe(2);
    expect(await untilContentChanged("test:stamped", build, "2027-03-11")).toBe(2);
  });

  it("does not keep a failed build", async () => {
    await expect(untilContentChanged("test:failing", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await untilContentChanged("test:failing", async () => "built")).toBe("built");
  });

  it("news cards and the music catalogue show a title changed by another connection on the next call", async () => {
    const category = await db.category.create({ data: { name: "Eventi", nameEng: "Events", type: "news" } });
    const music = await db.category.create({ data: { name: "Colonne sonore", nameEng: "Soundtracks", type: "music" } });
    await db.news.create({ data: { slug: "prima", title: "Prima", titleEng: "First", date: "2026-01-01", categoryId: category.id } });
    await db.music.create({ data: { slug: "brano", title: "Brano", img: "", categoryId: music.id } });
    expect(first(await newsCards("it")).title).toBe("Prima");
    expect(first((await musicCatalogue("en")).cards).title).toBe("Brano");
    expect(await newsCards("it")).toBe(await newsCards("it")); // kept: the same value

    await writeElsewhere(`UPDATE "News" SET title = 'Cambiata altrove' WHERE slug = 'prima'`);
    expect(first(await newsCards("it")).title).toBe("Cambiata altrove");
    await writeElsewhere(`UPDATE "Music" SET title = 'Rinominato altrove' WHERE slug = 'brano'`);
    await writeElsewhere(`UPDATE "Category" SET "nameEng" = 'Film scores' WHERE id = ?`, music.id);
    const catalogue = await musicCatalogue("en");
    expect(first(catalogue.cards).title).toBe("Rinominato altrove");
    expect(first(catalogue.cards).categoryLabel).toBe("Film scores");
    expect(catalogue.categories.map((c) => c.label)).toContain("Film scores");
  });
});
