import xssDefault, * as xssNamed from "xss";

// xss is CommonJS: named imports fail under Node ESM, so take them from the default export.
const { FilterXSS, escapeAttrValue } = xssDefault as unknown as typeof xssNamed;

/**
 * News descriptions are rich HTML written in the admin editor. They are shown sanitised (an
 * allowlist of formatting tags) and, on cards, reduced to plain text.
 */
const allowList = {
  p: ["class"],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  span: ["class"],
  a: ["href", "title", "target", "rel"],
  ul: [],
  ol: [],
  li: ["class"],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  pre: [],
  code: [],
  hr: [],
  img: ["src", "alt", "width", "height"],
};

const sanitizer = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "noscript", "template"],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    // Links leave the site in a new tab, without handing it our window.
    if (tag === "a" && name === "target") return 'target="_blank"';
    if (tag === "a" && name === "rel") return 'rel="noopener noreferrer"';
    if (tag === "a" && name === "href") {
      const href = value.trim();
      if (!/^(https?:|mailto:|tel:|\/|#)/i.test(href)) return "";
      return `href="${escapeAttrValue(href)}"`;
    }
    return undefined;
  },
});

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  const clean = sanitizer.process(html);
  // External links open in a new tab (the editor does not always set target).
  return clean.replace(/<a href="(https?:[^"]*)"(?![^>]*target=)/g, '<a href="$1" target="_blank" rel="noopener noreferrer"');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", laquo: "«", raquo: "»",
  ldquo: "“", rdquo: "”", lsquo: "‘", rsquo: "’", hellip: "…", ndash: "–", mdash: "—",
  euro: "€", copy: "©", reg: "®", trade: "™", deg: "°", middot: "·", bull: "•",
  agrave: "à", aacute: "á", egrave: "è", eacute: "é", igrave: "ì", iacute: "í", ograve: "ò", oacute: "ó",
  ugrave: "ù", uacute: "ú", Agrave: "À", Aacute: "Á", Egrave: "È", Eacute: "É", Igrave: "Ì", Iacute: "Í",
  Ograve: "Ò", Oacute: "Ó", Ugrave: "Ù", Uacute: "Ú", ccedil: "ç", Ccedil: "Ç", ntilde: "ñ", Ntilde: "Ñ",
  auml: "ä", ouml: "ö", uuml: "ü", Auml: "Ä", Ouml: "Ö", Uuml: "Ü", szlig: "ß", acirc: "â", ecirc: "ê",
  icirc: "î", ocirc: "ô", ucirc: "û",
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

export const EXCERPT_LENGTH = 150;

/**
 * Plain-text excerpt cut at `max` characters with an ellipsis (SPEC.md 2.8). Working on decoded
 * text means the cut can never fall inside a tag or an entity; code points keep emoji whole.
 */
export function htmlExcerpt(html: string | null | undefined, max = EXCERPT_LENGTH): string {
  const chars = Array.from(htmlToText(html));
  if (chars.length <= max) return chars.join("");
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}
