import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ItemForm } from "~/components/admin/ItemForm";
import { REQUIRED_MESSAGE } from "~/lib/form-messages";
import { bodyFieldNames, columnLabels, describeFields, newFormValues, patchedBodyValues, savedFormValues, type ItemFields } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { columnsOf, inputSchemaOf, selectOf, snapshotColumnsOf } from "~/server/domain/item-fields.server";
import { itemBody, wireProperties } from "~/server/http/api/openapi.server";
import { wireFields } from "~/server/http/api/wire.server";

/**
 * ADR 038: a field is written once, in its type's description, and every place that spells fields
 * out follows: the body and PATCH merge, the zod input, the columns, the api/ wire shape, the OpenAPI
 * document and the admin form. Each test adds a field to a real description and looks for it there.
 */

// News with a subtitle: a one-line bilingual pair whose English text may stay empty.
const NEWS_WITH_SUBTITLE = describeFields({
  ...NEWS_FIELDS,
  subtitle: { kind: "bilingual", label: "Sottotitolo", format: "line", max: 120, required: "italian" },
});

// Music with the first of the fields issue 33 plans: a year, a publisher, a premiere (rich text in both languages).
const MUSIC_WITH_WORK_FIELDS = describeFields({
  ...MUSIC_FIELDS,
  year: { kind: "number", label: "Anno", min: 1000, max: 9999, required: false },
  publisher: { kind: "text", label: "Editore", format: "line", max: 200, required: false },
  premiere: { kind: "bilingual", label: "Prima esecuzione", format: "rich", max: 20_000, required: "neither" },
});

const savedNews = {
  id: 7,
  slug: "concerto",
  title: "Concerto",
  titleEng: "Concert",
  description: "<p>Testo</p>",
  descriptionEng: "<p>Text</p>",
  subtitle: "A Bologna",
  subtitleEng: "In Bologna",
  date: "2026-03-01",
  image: null,
  status: "published",
  publishAt: new Date("2026-01-01T10:00:00Z"),
  category: { id: 3, name: "Concerti", nameEng: "Concerts" },
  attachments: [{ name: "Programma", url: "/media/files/p.pdf" }],
};

const newsBody = {
  category: "3",
  title: "Concerto",
  title_eng: "Concert",
  description: "",
  description_eng: "",
  date: "2026-03-01",
  status: "",
  publish_at: "",
};

/** The admin form of a description, rendered on the server as the route renders it. */
function renderForm(fields: ItemFields, values: Readonly<Record<string, string>>, errors?: Record<string, string>): string {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => createElement(ItemForm, { fields, values, errors, categories: [{ id: 3, name: "Concerti" }], cancelTo: "/admin", submitLabel: "Salva" }),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

describe("a field added to a description", () => {
  it("is a body field: parsed, merged by a PATCH over the saved row, shown again by a new or saved form", () => {
    expect(bodyFieldNames(NEWS_WITH_SUBTITLE)).toEqual([...bodyFieldNames(NEWS_FIELDS), "subtitle", "subtitle_eng"]);
    const merged = patchedBodyValues(NEWS_WITH_SUBTITLE, savedNews, { subtitle_eng: "At Bologna", title: null, unknown: "x" });
    expect(merged).toMatchObject({
      category: "3",
      title: "",
      subtitle: "A Bologna",
      subtitle_eng: "At Bologna",
      status: "published",
      publish_at: "2026-01-01T10:00:00.000Z",
    });
    expect(merged).not.toHaveProperty("unknown");
    expect(newFormValues(NEWS_WITH_SUBTITLE)).toMatchObject({ subtitle: "", subtitle_eng: "", publication: "ora" });
    expect(savedFormValues(NEWS_WITH_SUBTITLE, savedNews)).toMatchObject({ subtitle: "A Bologna", subtitle_eng: "In Bologna", date: "2026-03-01" });
  });

  it("is checked by the zod input with its limits and messages, and becomes columns (read, saved, restored)", () => {
    const schema = inputSchemaOf(NEWS_WITH_SUBTITLE);
    const parsed = schema.parse({ ...newsBody, subtitle: "  A Bologna  ", subtitle_eng: "" });
    expect(parsed).toMatchObject({ subtitle: "A Bologna", subtitle_eng: "" });
    const refused = schema.safeParse({ ...newsBody, subtitle: " ", subtitle_eng: "x".repeat(121) });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["subtitle", REQUIRED_MESSAGE],
      ["subtitle_eng", expect.stringContaining("120")],
    ]);
    expect(selectOf(NEWS_WITH_SUBTITLE)).toMatchObject({ subtitle: true, subtitleEng: true, title: true, category: { select: { id: true } } });
    expect(columnsOf(NEWS_WITH_SUBTITLE, parsed)).toMatchObject({ subtitle: "A Bologna", subtitleEng: "", categoryId: 3 });
    expect(snapshotColumnsOf(NEWS_WITH_SUBTITLE, savedNews)).toMatchObject({ subtitle: "A Bologna", subtitleEng: "In Bologna", image: null });
    expect(columnLabels(NEWS_WITH_SUBTITLE)).toMatchObject({ subtitle: "Sottotitolo", subtitleEng: "Sottotitolo (inglese)" });
  });

  it("is on the wire and in the OpenAPI document, as the item and as the body", () => {
    const wired = wireFields(NEWS_WITH_SUBTITLE, savedNews);
    expect(wired).toMatchObject({ subtitle: "A Bologna", subtitle_eng: "In Bologna", category: { id: 3, name_eng: "Concerts" }, image: null });
    expect(Object.keys(wired).sort()).toEqual(
      ["attachments", "category", "date", "description", "description_eng", "image", "subtitle", "subtitle_eng", "title", "title_eng"].sort(),
    );
    expect(wireProperties(NEWS_WITH_SUBTITLE)).toMatchObject({ subtitle: { type: "string" }, subtitle_eng: { type: "string" } });
    const body = itemBody(NEWS_WITH_SUBTITLE, inputSchemaOf(NEWS_WITH_SUBTITLE), true).content["multipart/form-data"].schema;
    expect(body.properties).toMatchObject({
      subtitle: { type: "string", maxLength: 120 },
      subtitle_eng: { type: "string", default: "" },
      image: { format: "binary" },
    });
    expect(body.required).toEqual(expect.arrayContaining(["subtitle"]));
    expect(body.required).not.toContain("subtitle_eng");
  });

  it("is in the admin form, with its Italian labels, its hint and its message", () => {
    const html = renderForm(NEWS_WITH_SUBTITLE, newFormValues(NEWS_WITH_SUBTITLE), { subtitle: REQUIRED_MESSAGE });
    expect(html).toContain('name="subtitle"');
    expect(html).toContain('name="subtitle_eng"');
    expect(html).toContain("Sottotitolo (inglese)");
    expect(html).toContain("Facoltativo: se vuoto, le pagine in inglese mostrano il campo «Sottotitolo».");
    expect(html).toContain("Il campo «Sottotitolo» è obbligatorio: compilalo.");
  });
});

describe("the kinds the planned music fields need", () => {
  const schema = inputSchemaOf(MUSIC_WITH_WORK_FIELDS);
  const musicBody = { category: "2", title: "Quartetto", mode: "link", link: "example.com/q", status: "", publish_at: "" };

  it("reads a number, a plain text and a rich pair, with empty as none", () => {
    const parsed = schema.parse({ ...musicBody, year: " 1998 ", publisher: " Ricordi ", premiere: "<p>Milano</p>" });
    expect(parsed).toMatchObject({ year: 1998, publisher: "Ricordi", premiere: "<p>Milano</p>", premiere_eng: "", link: "https://example.com/q" });
    expect(schema.parse({ ...musicBody, year: "", publisher: "" })).toMatchObject({ year: null, publisher: "" });
    expect(schema.safeParse({ ...musicBody, year: "98" }).error?.issues[0]).toMatchObject({ path: ["year"], message: "Un numero intero da 1000 a 9999" });
    expect(columnsOf(MUSIC_WITH_WORK_FIELDS, schema.parse({ ...musicBody, year: "2001", premiere: '<p onclick="x()">Roma</p>' }))).toMatchObject({
      year: 2001,
      premiere: "<p>Roma</p>",
    });
  });

  it("puts them on the wire, in OpenAPI and in the form; the mode stays a written choice only", () => {
    const row = { ...savedNews, img: "/media/c.jpg", link: null, videos: "", tracks: [], year: null, publisher: "Ricordi", premiere: "", premiereEng: "" };
    expect(wireFields(MUSIC_WITH_WORK_FIELDS, row)).toMatchObject({
      year: null,
      publisher: "Ricordi",
      premiere_eng: "",
      link: null,
      videos: null,
      music_tracks: [],
    });
    expect(wireFields(MUSIC_WITH_WORK_FIELDS, row)).not.toHaveProperty("mode");
    expect(wireProperties(MUSIC_WITH_WORK_FIELDS)).toMatchObject({ year: { type: ["integer", "null"] }, publisher: { type: ["string", "null"] } });
    const html = renderForm(MUSIC_WITH_WORK_FIELDS, newFormValues(MUSIC_WITH_WORK_FIELDS));
    expect(html).toMatch(/<input[^>]*type="number"[^>]*name="year"|<input[^>]*name="year"[^>]*type="number"/);
    expect(html).toContain("Prima esecuzione (inglese)");
    expect(html).toContain('id="group-link"');
  });
});
