import { decodeEntities } from "~/lib/html-text";

/** A no-break space as HTML writes it: the entity, its numeric forms, or the character itself. */
const ANY_NO_BREAK_SPACE = /&nbsp;|&#0*160;|&#x0*a0;|\u00a0/i;
const NO_BREAK_SPACE = new RegExp(ANY_NO_BREAK_SPACE.source, "iy");

/** A tag that ends a line (a paragraph, a list item, a line break): a space beside it joins no words. */
const LINE_TAG = /^<\/?(?:p|br|li|ul|ol|h[1-6]|blockquote|div|pre|table|tr|td|th)\b/i;

/** The other entities a text holds, read as their character (&laquo; is « to the rule). */
const ENTITY = /&(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/iy;

type Piece = { kind: "char"; char: string } | { kind: "space" } | { kind: "nbsp"; start: number; end: number } | { kind: "line" };

/** The visible text of an HTML string, piece by piece: inline tags are skipped, line tags kept as a line's end. */
function pieces(html: string): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < html.length) {
    if (html[i] === "<") {
      const end = html.indexOf(">", i);
      if (end > i) {
        if (LINE_TAG.test(html.slice(i, end + 1))) out.push({ kind: "line" });
        i = end + 1;
        continue;
      }
    }
    NO_BREAK_SPACE.lastIndex = i;
    const nbsp = NO_BREAK_SPACE.exec(html);
    if (nbsp) {
      out.push({ kind: "nbsp", start: i, end: i + nbsp[0].length });
      i += nbsp[0].length;
      continue;
    }
    if (/\s/.test(html[i]!)) {
      out.push({ kind: "space" });
      i += 1;
      continue;
    }
    ENTITY.lastIndex = i;
    const entity = ENTITY.exec(html);
    if (entity) {
      out.push({ kind: "char", char: decodeEntities(entity[0]) });
      i += entity[0].length;
      continue;
    }
    const char = String.fromCodePoint(html.codePointAt(i)!);
    out.push({ kind: "char", char });
    i += char.length;
  }
  return out;
}

/** Punctuation that takes a no-break space before it in French and Italian typography. */
const BEFORE_PUNCTUATION = /^[«»:;!?]/;
/** What follows a number as its unit: a symbol, a short unit (km, min, kg, °C...) or the next group of three digits (10 000). */
const UNIT = /^(?:[%‰°€$£¥]|\d{3}(?!\d)|\p{L}{1,3}(?!\p{L}))/u;

/** Whether typography wants a no-break space between `before` (one character) and `after` (the text that follows). */
function typographic(before: string, after: string): boolean {
  return BEFORE_PUNCTUATION.test(after) || before === "«" || (/^\p{Nd}$/u.test(before) && UNIT.test(after));
}

/**
 * THE RULE for no-break spaces in rich text (issue 35), the one place that applies it: the server's
 * normalisation of every rich text it saves or renders (sanitize.server.ts) and the repair of the
 * texts stored before (data-repairs.server.ts) both call this function.
 *
 * Quill 2.0.3 wrote every space of a text as `&nbsp;` (its getSemanticHTML, what the editor handed to
 * the form), so a text saved with it joins all its words with no-break spaces, and a narrow screen,
 * with `overflow-wrap: anywhere`, can only break it inside words. A person, though, types a no-break
 * space on purpose now and then. So, for one text (one stored field), with `&nbsp;`, `&#160;`,
 * `&#xa0;` and the character U+00A0 alike:
 *
 * 1. Typography's no-break spaces stay, whoever wrote them: before « » : ; ! ? (French and Italian
 *    usage), after «, and between a number and its unit or its next group of digits (`10&nbsp;km`,
 *    `5&nbsp;min`, `30&nbsp;%`, `10&nbsp;000`: a unit is a symbol or one to three letters).
 * 2. One at the start or end of a line (`<p>&nbsp;</p>`, a blank line kept on purpose) stays: it
 *    joins no words.
 * 3. Between two words, the text decides: when more of its word gaps hold a no-break space than a
 *    plain one, the editor wrote them, and each becomes a plain space; otherwise the text uses plain
 *    spaces and a person typed the few no-break ones, which stay.
 *
 * What stays is left exactly as written; tags, attributes and everything else are untouched. The
 * result is a fixed point: applying the rule again changes nothing.
 */
export function repairNoBreakSpaces(html: string): string {
  if (!ANY_NO_BREAK_SPACE.test(html)) return html;
  const all = pieces(html);
  let plainGaps = 0;
  const editorGaps: { start: number; end: number }[][] = [];
  for (let i = 0; i < all.length;) {
    const piece = all[i]!;
    if (piece.kind !== "space" && piece.kind !== "nbsp") {
      i += 1;
      continue;
    }
    let j = i;
    while (j < all.length && (all[j]!.kind === "space" || all[j]!.kind === "nbsp")) j += 1;
    const before = all[i - 1];
    const after = all[j];
    if (before?.kind === "char" && after?.kind === "char") {
      const nbsps = all.slice(i, j).filter((p): p is Extract<Piece, { kind: "nbsp" }> => p.kind === "nbsp");
      if (nbsps.length === 0) plainGaps += 1;
      else if (!typographic(before.char, followingText(all, j))) editorGaps.push(nbsps);
    }
    i = j;
  }
  if (editorGaps.length <= plainGaps) return html;
  let out = "";
  let from = 0;
  for (const nbsp of editorGaps.flat()) {
    out += `${html.slice(from, nbsp.start)} `;
    from = nbsp.end;
  }
  return out + html.slice(from);
}

/** A few characters of visible text from piece `index` on (enough to see a unit). */
function followingText(all: readonly Piece[], index: number): string {
  let text = "";
  for (let i = index; i < all.length && text.length < 5; i += 1) {
    const piece = all[i]!;
    if (piece.kind !== "char") break;
    text += piece.char;
  }
  return text;
}
