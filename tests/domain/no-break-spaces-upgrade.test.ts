// Issue 35: the editor of earlier releases (Quill 2.0.3) stored every space of a rich text as &nbsp;. Migration
// 20261130000000_editor_no_break_spaces asks for a repair that the next start runs (runDataRepairs, boot.server.ts)
// with the rule of app/server/domain/no-break-spaces.server.ts: the texts of the content pages, news and
// compositions get their spaces back, in the live rows, the revisions and the trash; the no-break spaces a person
// meant stay. On SQLite and (npm run test:pg) PostgreSQL: the database of this file, taken back to the previous
// release (without the migration), filled as that release stored things, then upgraded as `npm start` does.
import { beforeAll, describe, expect, it } from "vitest";
import { dataPaths } from "../../core/config.mjs";
import { applyPendingMigrations } from "../../scripts/ops/migrations.mjs";
import { runDataRepairs } from "~/server/domain/data-repairs.server";
import { restoreContentRevision } from "~/server/domain/item-restore.server";
import { db } from "~/server/storage/db.server";
import { staffWithCategory } from "../support/staff";

const MIGRATION = "20261130000000_editor_no_break_spaces";

/** What Quill 2.0.3's getSemanticHTML stored of a typed text: every space an &nbsp;. */
const asQuillWroteIt = (html: string) => html.replace(/ (?![^<]*>)/g, "&nbsp;");

const TYPED = "<p>Elena Marchetti vive a Bologna : ha corso 10 km per <strong>il suo</strong> primo concerto.</p>";
/** The typed text with typography's no-break spaces, as the repair leaves it. */
const REPAIRED = "<p>Elena Marchetti vive a Bologna&nbsp;: ha corso 10&nbsp;km per <strong>il suo</strong> primo concerto.</p>";
/** A text typed with plain spaces and one no-break space a person meant. */
const MEANT = "<p>Elena Marchetti wrote the score of Il&nbsp;confine dell'acqua, her first film.</p>";
/** A plain-text field (a textarea): not a rich text, never touched. */
const PLAIN = "Prodotto da&nbsp;Nebbia&nbsp;Records";

const OLD = asQuillWroteIt(TYPED);

let actor: { id: number; username: string };
const ids = { newsRevision: 0, bioRevisions: [] as number[], trash: 0, news: 0, music: 0 };
let versionBefore = 0;

beforeAll(async () => {
  let musicCategory: number;
  ({ actor, categoryId: musicCategory } = await staffWithCategory("redazione", { name: "Colonne sonore", name_eng: "Soundtracks", type: "music" }));
  const newsCategory = await db.category.create({ data: { name: "Eventi", nameEng: "Events", type: "news" }, select: { id: true } });

  // The previous release: this database without the migration (its table and its row).
  await db.$executeRawUnsafe(`DROP TABLE "DataRepair"`);
  await db.$executeRawUnsafe(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = '${MIGRATION}'`);

  // What that release stored (over the shipped content the setup imported): content pages (a nested list too), news, a composition, revisions, the trash.
  const bio = [{ id: 1, category: "Formazione", title: "Studi", title_eng: "Studies", text: OLD, text_eng: MEANT }];
  const privacy = [
    {
      id: 1,
      upperTitle: "Privacy",
      upperTitle_eng: "Privacy",
      body: [{ id: 1, subTitle: "Dati", subTitle_eng: "Data", description: OLD, description_eng: OLD }],
    },
  ];
  const work = {
    ...{ id: 1, category: "Nebbia Records", subcategory: "Concerti", url: "", title: "Serata", title_eng: "Evening", link: "", year: 2020 },
    ...{ description: PLAIN, description_eng: PLAIN, artists: [], producer: "", producer_eng: "" },
  };
  for (const [kind, items] of Object.entries({ bio, privacy_policy: privacy, artistic_direction: [work] })) {
    await db.contentItem.deleteMany({ where: { kind } });
    await db.contentItem.createMany({ data: items.map((item, position) => ({ kind, position, data: JSON.stringify(item) })) });
  }
  const news = await db.news.create({
    data: {
      slug: "concerto",
      title: "Concerto",
      titleEng: "Concert",
      description: OLD,
      descriptionEng: MEANT,
      date: "2026-05-01",
      categoryId: newsCategory.id,
    },
    select: { id: true, slug: true, title: true, titleEng: true, description: true, descriptionEng: true },
  });
  const music = await db.music.create({
    data: { slug: "suite", title: "Suite", description: OLD, descriptionEng: "", img: "/media/images/suite.jpg", categoryId: musicCategory },
    select: { id: true },
  });
  ids.news = news.id;
  ids.music = music.id;
  const revision = (kind: string, itemKey: string, snapshot: unknown) =>
    db.revision.create({ data: { kind, itemKey, snapshot: JSON.stringify(snapshot), action: "update", username: "redazione" }, select: { id: true } });
  ids.bioRevisions = [
    (await revision("content", "bio", [{ ...bio[0], text: asQuillWroteIt("<p>Prima versione della biografia.</p>") }])).id,
    (await revision("content", "bio", bio)).id,
  ];
  ids.newsRevision = (await revision("news", String(news.id), news)).id;
  const trashed = { id: 99, slug: "vecchia", title: "Vecchia", description: OLD, descriptionEng: MEANT, attachments: [] };
  ids.trash = (
    await db.trashEntry.create({
      data: { kind: "news", itemId: 99, title: "Vecchia", snapshot: JSON.stringify(trashed), username: "redazione" },
      select: { id: true },
    })
  ).id;
  versionBefore = (await db.contentVersion.findUniqueOrThrow({ where: { id: 1 }, select: { version: true } })).version;

  // The upgrade: the migrations `npm start` applies, then the start's repairs.
  const { databaseFile, databaseUrl, migrationsDir } = dataPaths();
  expect(await applyPendingMigrations({ databaseFile, databaseUrl, migrationsDir })).toEqual([MIGRATION]);
  await runDataRepairs();
});

const stored = async (kind: string) =>
  (await db.contentItem.findMany({ where: { kind }, select: { data: true }, orderBy: { position: "asc" } })).map(
    (row) => JSON.parse(row.data) as Record<string, unknown>,
  );
const snapshotOf = async (id: number) => JSON.parse((await db.revision.findUniqueOrThrow({ where: { id }, select: { snapshot: true } })).snapshot) as unknown;

describe("an upgraded database", () => {
  it("has the content pages' rich texts repaired, the meant no-break spaces and the plain texts as they were", async () => {
    expect(await stored("bio")).toEqual([{ id: 1, category: "Formazione", title: "Studi", title_eng: "Studies", text: REPAIRED, text_eng: MEANT }]);
    const [privacy] = await stored("privacy_policy");
    expect(privacy?.body).toEqual([{ id: 1, subTitle: "Dati", subTitle_eng: "Data", description: REPAIRED, description_eng: REPAIRED }]);
    const [work] = await stored("artistic_direction");
    expect([work?.description, work?.description_eng]).toEqual([PLAIN, PLAIN]);
  });

  it("has the descriptions of news and compositions repaired", async () => {
    expect(await db.news.findUniqueOrThrow({ where: { id: ids.news }, select: { description: true, descriptionEng: true } })).toEqual({
      description: REPAIRED,
      descriptionEng: MEANT,
    });
    expect((await db.music.findUniqueOrThrow({ where: { id: ids.music }, select: { description: true } })).description).toBe(REPAIRED);
  });

  it("keeps every revision and trash entry, with the same texts repaired", async () => {
    expect((await db.revision.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((r) => r.id)).toEqual([...ids.bioRevisions, ids.newsRevision]);
    expect(await snapshotOf(ids.bioRevisions[0]!)).toEqual([expect.objectContaining({ text: "<p>Prima versione della biografia.</p>", text_eng: MEANT })]);
    expect(await snapshotOf(ids.bioRevisions[1]!)).toEqual([expect.objectContaining({ text: REPAIRED, text_eng: MEANT })]);
    expect(await snapshotOf(ids.newsRevision)).toEqual(expect.objectContaining({ description: REPAIRED, descriptionEng: MEANT }));
    const entry = await db.trashEntry.findUniqueOrThrow({ where: { id: ids.trash }, select: { snapshot: true } });
    expect(JSON.parse(entry.snapshot)).toEqual(expect.objectContaining({ description: REPAIRED, descriptionEng: MEANT }));
    // A restore of the earlier revision brings back its words, with plain spaces.
    const restored = await restoreContentRevision("bio", ids.bioRevisions[0]!, actor);
    expect(restored.ok && restored.item.bio?.[0]?.text).toBe("<p>Prima versione della biografia.</p>");
  });

  it("is repaired once: the repair is marked done, the pages' caches told, and a second start changes nothing", async () => {
    expect(await db.dataRepair.findMany({ select: { name: true, doneAt: true } })).toEqual([{ name: "editor-no-break-spaces", doneAt: expect.any(Date) }]);
    const version = await db.contentVersion.findUniqueOrThrow({ where: { id: 1 }, select: { version: true } });
    expect(version.version).toBeGreaterThan(versionBefore);
    await db.news.update({ where: { id: ids.news }, data: { description: OLD } });
    await runDataRepairs();
    expect((await db.news.findUniqueOrThrow({ where: { id: ids.news }, select: { description: true } })).description).toBe(OLD);
  });
});
