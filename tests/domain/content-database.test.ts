// Issue 23: the content of SPEC.md 7 lives in the database (ContentList/ContentItem, ADR 022). The isolated
// database of this file was migrated and imported from content/data as the server's boot does.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CONTENT_KINDS } from "~/lib/content-types";
import { contentDocumentText, importContentFiles, replaceContent } from "~/server/domain/content.server";
import { searchSite } from "~/server/domain/search.server";
import { db } from "~/server/storage/db.server";

let staff: { id: number; username: string };
beforeAll(async () => {
  staff = await db.user.create({ data: { username: "staff", passwordHash: "x", isStaff: true }, select: { id: true, username: true } });
});

describe("content in the database", () => {
  it("answers /data/{name}.json byte for byte as the shipped files did", async () => {
    for (const kind of CONTENT_KINDS) {
      expect(await contentDocumentText(kind), kind).toBe(fs.readFileSync(path.join("content", "data", `${kind}.json`), "utf8"));
    }
  });

  it("imports each kind once: a later start reads no file, and an emptied list stays empty", async () => {
    expect(await importContentFiles()).toEqual([]);
    const saved = await replaceContent("legal_notes", { legal_notes: [] }, staff);
    expect(saved.ok).toBe(true);
    expect(await importContentFiles()).toEqual([]);
    expect(await contentDocumentText("legal_notes")).toBe(`{\n  "legal_notes": []\n}\n`);
  });

  it("a database of the release before the press kit (issue 38) gets its three kinds from the shipped files and keeps every edit", async () => {
    const press = ["press_bio", "press_photos", "press_quotes"];
    const edited = await replaceContent("legal_notes", { legal_notes: [{ id: 1, description: "Nota modificata", description_eng: "Edited note" }] }, staff);
    expect(edited.ok).toBe(true);
    const before = await contentDocumentText("legal_notes");
    // The previous release had the fourteen kinds only.
    await db.contentItem.deleteMany({ where: { kind: { in: press } } });
    await db.contentList.deleteMany({ where: { kind: { in: press } } });
    expect((await importContentFiles()).sort()).toEqual(press);
    for (const kind of press) {
      expect(await contentDocumentText(kind as (typeof CONTENT_KINDS)[number]), kind).toBe(
        fs.readFileSync(path.join("content", "data", `${kind}.json`), "utf8"),
      );
    }
    expect(await contentDocumentText("legal_notes")).toBe(before);
  });

  it("refuses a bad body with a message per field path and writes nothing", async () => {
    const before = await contentDocumentText("privacy_policy");
    const activities = await db.activity.count();
    const result = await replaceContent(
      "privacy_policy",
      {
        privacy_policy: [
          { id: 1, upperTitle: "Titolo", upperTitle_eng: 7, body: [{ id: 1, subTitle: "a", subTitle_eng: "b", description: "c" }] },
          { id: 2, upperTitle: "Altro", upperTitle_eng: "Other" },
        ],
      },
      staff,
    );
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.ok ? {} : result.errors).toEqual({
      "privacy_policy.0.upperTitle_eng": "Deve essere un testo",
      "privacy_policy.0.body.0.description_eng": "Deve essere un testo",
    });
    const twice = { id: 3, upperTitle: "Uno", upperTitle_eng: "One" };
    const duplicate = await replaceContent("privacy_policy", { privacy_policy: [twice, twice] }, staff);
    expect(duplicate.ok ? {} : duplicate.errors).toEqual({ "privacy_policy.1.id": "L'id 3 è già usato da un altro elemento" });
    expect((await replaceContent("privacy_policy", { privacy: [] }, staff)).ok ? null : "refused").toBe("refused");
    expect(await contentDocumentText("privacy_policy")).toBe(before);
    expect(await db.activity.count()).toBe(activities);
  });

  it("search finds a word of an edited biography, in both languages, at once", async () => {
    expect((await searchSite("zanzibarite", "it")).total).toBe(0);
    const bio = JSON.parse(await contentDocumentText("bio")) as { bio: { text: string; text_eng: string }[] };
    const [firstText] = bio.bio;
    if (!firstText) throw new Error("no biography text");
    firstText.text = `${firstText.text} Zanzibarite italiana.`;
    firstText.text_eng = `${firstText.text_eng} Quokkalicious english.`;
    expect((await replaceContent("bio", bio, staff)).ok).toBe(true);
    expect((await searchSite("zanzibarite", "it")).results.map((r) => r.type)).toEqual(["bio"]);
    expect((await searchSite("quokkalicious", "en")).results.map((r) => [r.type, r.href])).toEqual([["bio", "/bio"]]);
  });
});
