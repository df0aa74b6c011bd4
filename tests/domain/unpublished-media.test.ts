import { beforeAll, describe, expect, it } from "vitest";
import { contentChanged } from "~/server/storage/content-version.server";
import { db } from "~/server/storage/db.server";
import { unpublishedOnlyFiles } from "~/server/storage/unpublished-media.server";
import { staffWithCategory } from "../support/staff";

/**
 * The /media rule (ADR 026, issue 34): visitors may fetch a stored file exactly when something they can
 * see uses it. The files answered here are the ones /media refuses to visitors.
 */
let categoryId: number;

beforeAll(async () => {
  ({ categoryId } = await staffWithCategory("curatrice", { name: "Eventi", name_eng: "Events", type: "news" }));
});

async function news(slug: string, fields: { status: "draft" | "published"; image?: string; description?: string }) {
  const row = await db.news.create({ data: { slug, title: slug, titleEng: slug, date: "2031-01-01", categoryId, ...fields }, select: { id: true } });
  return row.id;
}

/** The private set once the content version moved (it is cached until then). */
async function privateFiles() {
  await db.$transaction((tx) => contentChanged(tx));
  return unpublishedOnlyFiles();
}

const snapshot = JSON.stringify({});

describe("the files visitors may fetch", () => {
  it("a picture a visible item shows in its description stays public when a draft also uses it", async () => {
    const shared = "/media/images/descrizione-condivisa.png";
    await news("visibile-con-figura", { status: "published", description: `<p>Il manifesto:</p><p><img src="${shared}" alt=""></p>` });
    await news("bozza-con-figura", { status: "draft", image: shared });
    await news("bozza-sola", { status: "draft", image: "/media/images/solo-bozza.png" });
    const hidden = await privateFiles();
    expect(hidden.has("/media/images/solo-bozza.png")).toBe(true);
    expect(hidden.has(shared)).toBe(false);
  });

  it("a visible composition's perusal score stays public when a draft composition also uses it", async () => {
    const { categoryId: music } = await staffWithCategory("compositrice", { name: "Cameristica", name_eng: "Chamber", type: "music" });
    const score = "/media/attachments/partitura-condivisa.pdf";
    const composition = (slug: string, status: string, img: string) =>
      db.music.create({ data: { slug, title: slug, categoryId: music, img, score, status }, select: { id: true } });
    await composition("visibile-con-partitura", "published", "/media/images/copertina-visibile.png");
    await composition("bozza-con-partitura", "draft", "/media/images/copertina-bozza.png");
    const hidden = await privateFiles();
    expect(hidden.has("/media/images/copertina-bozza.png")).toBe(true);
    expect(hidden.has(score)).toBe(false);
  });

  it("a file that a visible item's revision and a trash entry share stays public; one only the trash holds does not", async () => {
    const shared = "/media/images/revisione-e-cestino.png";
    const visible = await news("visibile-con-revisione", { status: "published", image: "/media/images/attuale.png" });
    await db.revision.create({
      data: { kind: "news", itemKey: String(visible), snapshot, files: JSON.stringify([shared]), action: "update", username: "curatrice" },
    });
    await db.trashEntry.create({ data: { kind: "news", itemId: 9_001, title: "Cestinata", snapshot, files: JSON.stringify([shared]), username: "curatrice" } });
    await db.trashEntry.create({
      data: { kind: "news", itemId: 9_002, title: "Sola", snapshot, files: JSON.stringify(["/media/images/solo-cestino.png"]), username: "curatrice" },
    });
    const hidden = await privateFiles();
    expect(hidden.has("/media/images/solo-cestino.png")).toBe(true);
    expect(hidden.has(shared)).toBe(false);
  });

  it("a picture only a draft or scheduled concert uses is private; a visible concert's picture or inline picture stays public", async () => {
    const concert = (slug: string, fields: { status?: string; publishAt?: Date; image?: string; description?: string }) =>
      db.event.create({
        data: { slug, title: slug, startsAt: new Date("2031-05-10T18:30:00Z"), venue: "Sala", city: "Torino", country: "IT", ...fields },
        select: { id: true },
      });
    const draft = await concert("concerto-bozza", { status: "draft", image: "/media/images/solo-concerto-bozza.png" });
    await concert("concerto-programmato", { publishAt: new Date("2099-01-01T00:00:00Z"), image: "/media/images/solo-concerto-programmato.png" });
    const inline = "/media/images/concerto-nel-testo.png";
    await concert("concerto-visibile", { image: "/media/images/concerto-visibile.png", description: `<p><img src="${inline}" alt=""></p>` });
    await concert("concerto-bozza-condiviso", { status: "draft", image: inline });
    await concert("concerto-bozza-copertina-visibile", { status: "draft", image: "/media/images/concerto-visibile.png" });
    await db.trashEntry.create({
      data: {
        kind: "event",
        itemId: 9_003,
        title: "Concerto cestinato",
        snapshot,
        files: JSON.stringify(["/media/images/concerto-cestinato.png"]),
        username: "curatrice",
      },
    });
    const hidden = await privateFiles();
    expect(hidden.get("/media/images/solo-concerto-bozza.png")).toEqual([{ kind: "event", id: draft.id }]);
    expect(hidden.has("/media/images/solo-concerto-programmato.png")).toBe(true);
    expect(hidden.has("/media/images/concerto-cestinato.png")).toBe(true);
    expect(hidden.has("/media/images/concerto-visibile.png")).toBe(false);
    expect(hidden.has(inline)).toBe(false);
  });
});
