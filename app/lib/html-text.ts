/**
 * Plain text from the rich HTML written in the admin editor (news descriptions): the one home of
 * this rule, used by news cards (excerpts), search, feeds and structured data, so the same
 * description reads the same everywhere. Pure string work, safe on server and client.
 */
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  laquo: "«",
  raquo: "»",
  ldquo: "“",
  rdquo: "”",
  lsquo: "‘",
  rsquo: "’",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  euro: "€",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  middot: "·",
  bull: "•",
  agrave: "à",
  aacute: "á",
  egrave: "è",
  eacute: "é",
  igrave: "ì",
  iacute: "í",
  ograve: "ò",
  oacute: "ó",
  ugrave: "ù",
  uacute: "ú",
  Agrave: "À",
  Aacute: "Á",
  Egrave: "È",
  Eacute: "É",
  Igrave: "Ì",
  Iacute: "Í",
  Ograve: "Ò",
  Oacute: "Ó",
  Ugrave: "Ù",
  Uacute: "Ú",
  ccedil: "ç",
  Ccedil: "Ç",
  ntilde: "ñ",
  Ntilde: "Ñ",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  acirc: "â",
  ecirc: "ê",
  icirc: "î",
  ocirc: "ô",
  ucirc: "û",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/** The text a reader sees: tags removed (block ends become spaces), entities decoded, spaces collapsed. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  const withoutHidden = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  const noTags = withoutHidden
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|hr)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(noTags).replace(/\s+/g, " ").trim();
}

const EXCERPT_LENGTH = 150;

/**
 * Plain-text excerpt cut at `max` characters with an ellipsis (SPEC.md 2.8). Working on decoded
 * text means the cut can never fall inside a tag or an entity; code points keep emoji whole.
 */
export function htmlExcerpt(html: string | null | undefined, max = EXCERPT_LENGTH): string {
  return textExcerpt(htmlToText(html), max);
}

/** Plain text (a contact message, say) cut at `max` code points with an ellipsis, emoji kept whole. */
export function textExcerpt(text: string, max = EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}
