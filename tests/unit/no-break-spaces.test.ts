// Issue 35: Quill 2.0.3 wrote every space of a rich text as &nbsp;, so narrow screens broke the saved texts inside
// words. The rule of app/server/domain/no-break-spaces.server.ts gives those spaces back and keeps the no-break
// spaces a person meant; the server applies it to every rich text it saves (sanitize.server.ts).
import { describe, expect, it } from "vitest";
import { repairNoBreakSpaces } from "~/server/domain/no-break-spaces.server";
import { cleanRichTextInput, sanitizeRichHtml } from "~/server/domain/sanitize.server";

/** What Quill 2.0.3's getSemanticHTML made of a typed text: every space an &nbsp;. */
const asQuillWroteIt = (html: string) => html.replace(/ (?![^<]*>)/g, "&nbsp;");

describe("repairNoBreakSpaces", () => {
  it("gives back the plain spaces of a text the editor wrote", () => {
    const typed = "<p>Elena Marchetti compone musica per il <strong>cinema</strong> e il <em>teatro</em>.</p><p>Vive a Bologna.</p>";
    expect(asQuillWroteIt(typed)).toContain("Elena&nbsp;Marchetti");
    expect(repairNoBreakSpaces(asQuillWroteIt(typed))).toBe(typed);
  });

  it("keeps typography's no-break spaces: before « » : ; ! ?, after «, between a number and its unit", () => {
    const written = asQuillWroteIt("<p>Il tour : 10 km a piedi, 5 min di pausa ; poi « Bonjour » ! Chi viene ? Sconto del 30 % su 10 000 copie, 2 °C.</p>");
    expect(repairNoBreakSpaces(written)).toBe(
      "<p>Il tour&nbsp;: 10&nbsp;km a piedi, 5&nbsp;min di pausa&nbsp;; poi&nbsp;«&nbsp;Bonjour&nbsp;»&nbsp;! Chi viene&nbsp;? Sconto del 30&nbsp;% su 10&nbsp;000 copie, 2&nbsp;°C.</p>",
    );
  });

  it("keeps a lone no-break space a person typed between words of a text that uses plain spaces", () => {
    for (const nbsp of ["&nbsp;", "\u00a0", "&#160;", "&#xA0;"]) {
      const text = `<p>Elena Marchetti ha scritto le musiche del film Il&nbsp;confine dell'acqua, uscito nel 2021.</p>`.replace("&nbsp;", nbsp);
      expect(repairNoBreakSpaces(text), nbsp).toBe(text);
    }
  });

  it("treats the entity, its numeric forms and the character alike", () => {
    expect(repairNoBreakSpaces("<p>uno\u00a0due&#160;tre&#xa0;quattro&nbsp;cinque</p>")).toBe("<p>uno due tre quattro cinque</p>");
  });

  it("decides by the text: an editor's text with a sentence added in plain spaces is still the editor's", () => {
    const old = asQuillWroteIt("<p>Una lunga biografia scritta con il vecchio editor, parola dopo parola, riga dopo riga.</p>");
    expect(repairNoBreakSpaces(`${old}<p>Aggiunta a mano.</p>`)).toBe(
      "<p>Una lunga biografia scritta con il vecchio editor, parola dopo parola, riga dopo riga.</p><p>Aggiunta a mano.</p>",
    );
  });

  it("leaves a blank line and the edges of a line alone, and never looks inside a tag", () => {
    expect(repairNoBreakSpaces("<p>&nbsp;</p><p>Testo&nbsp;a&nbsp;capo&nbsp;</p>")).toBe("<p>&nbsp;</p><p>Testo a capo&nbsp;</p>");
    expect(repairNoBreakSpaces('<p><a href="/cerca?query=a&nbsp;b">la&nbsp;ricerca</a>&nbsp;del&nbsp;sito</p>')).toBe(
      '<p><a href="/cerca?query=a&nbsp;b">la ricerca</a> del sito</p>',
    );
  });

  it("changes nothing in a text without no-break spaces, and is a fixed point", () => {
    const plain = "<p>Nessuno spazio speciale qui.</p>";
    expect(repairNoBreakSpaces(plain)).toBe(plain);
    const once = repairNoBreakSpaces(asQuillWroteIt("<p>Il tour : 10 km a piedi e « poi » basta.</p>"));
    expect(repairNoBreakSpaces(once)).toBe(once);
  });
});

describe("the server's rich text", () => {
  it("stores a text sent as Quill 2.0.3 wrote it with plain spaces (an old admin tab, an api/ client)", () => {
    expect(cleanRichTextInput("<p>Elena&nbsp;Marchetti&nbsp;compone&nbsp;:&nbsp;musica</p>")).toBe("<p>Elena Marchetti compone&nbsp;: musica</p>");
    expect(sanitizeRichHtml("<p>Elena&nbsp;Marchetti&nbsp;compone</p>")).toBe("<p>Elena Marchetti compone</p>");
  });
});
