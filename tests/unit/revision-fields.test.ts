import { describe, expect, it } from "vitest";
import { revisionFields } from "~/lib/revision-fields";

// How the history page names a revision's fields and shows their values (issue 35.6); the pages
// themselves are checked over HTTP in tests/e2e/revisions-trash.test.ts.
describe("revision fields", () => {
  const music = revisionFields("music", "7");

  it("names a composition's catalogue fields as its form does and shows their choices in Italian", () => {
    expect(["ensemble", "instruments", "instruments.1", "durationMinutes", "tracks.0.nameEng"].map(music.label)).toEqual([
      "Organico",
      "Strumenti (per i filtri del catalogo)",
      "Strumenti (per i filtri del catalogo) 2",
      "Durata (minuti)",
      "Traccia 1: nome (inglese)",
    ]);
    expect(music.text("ensemble", "chamber")).toBe("Musica da camera");
    expect(music.text("instruments", '["flute","piano"]')).toBe("Flauto, Pianoforte");
    expect(music.text("instruments.0", "harp")).toBe("Arpa");
    expect(music.text("status", "draft")).toBe("Bozza");
    // 1 December is winter: Rome is one hour ahead of UTC.
    expect(music.text("publishAt", "2027-12-01T08:30:00.000Z")).toBe("01/12/2027 09:30");
  });

  it("reads a content page's rich text as words and names its nested fields", () => {
    const privacy = revisionFields("content", "privacy_policy");
    expect(privacy.label("0.body.1.description_eng")).toBe("Elemento 1: Sezioni, riga 2: Testo (inglese)");
    expect(privacy.text("0.body.1.description", "<p>Il&nbsp;titolare <strong>del</strong> trattamento</p>")).toBe("Il titolare del trattamento");
    expect(privacy.text("0.upperTitle", "A &amp; B")).toBe("A &amp; B");
  });
});
