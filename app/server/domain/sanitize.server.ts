import { LRUCache } from "lru-cache";
import xssDefault from "xss";
import type * as xssNamed from "xss";
import { repairNoBreakSpaces } from "./no-break-spaces.server";

// xss is CommonJS: Node's ESM loader exposes its helpers only on the default export.
const { FilterXSS, escapeAttrValue } = xssDefault as unknown as typeof xssNamed;

/**
 * The one allowlist for rich text (news descriptions and the content texts of CONTENT_FORMS marked
 * "richtext", ADR 024's update): applied when it is saved and again when a page renders it.
 * Formatting tags only; links to http(s), mailto or a path of this site, external ones in a new tab.
 */
const allowList: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  a: ["href", "target", "rel"],
  ul: [],
  ol: [],
  li: ["data-list"],
  h2: [],
  h3: [],
  blockquote: [],
};

const filter = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math"],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "href") {
      const href = value.trim();
      if (!/^(https?:\/\/|mailto:|\/(?![/\\])|#)/i.test(href)) return "";
      return `href="${escapeAttrValue(href)}"`;
    }
    if (tag === "a" && name === "target") return 'target="_blank"';
    if (tag === "a" && name === "rel") return 'rel="noopener noreferrer"';
    if (tag === "li" && name === "data-list") return value === "bullet" ? 'data-list="bullet"' : "";
    return undefined;
  },
});

/**
 * Quill 2 writes bullet lists as <ol><li data-list="bullet">; they are stored as plain <ul>/<ol>
 * so any renderer shows them right.
 */
function normaliseQuillLists(html: string): string {
  return html
    .replace(/<ol>((?:(?!<\/?ol>).)*?)<\/ol>/gs, (whole, inner: string) =>
      /<li data-list="bullet">/.test(inner) && !/<li>/.test(inner) ? `<ul>${inner}</ul>` : whole,
    )
    .replace(/<li data-list="bullet">/g, "<li>");
}

/** Any tag at all: what the editor (or a client) sends is HTML; text without one is plain text. */
const HTML_TAG = /<\/?[a-z][^>]*>/i;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Plain text as rich text: the textarea posted without JavaScript (and an api/ client's text) keeps
 * its paragraphs. A blank line starts a paragraph, a single line break is a <br>, the text is escaped.
 */
function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split(/[ \t]*\n[ \t]*/)
          .map(escapeText)
          .join("<br>")}</p>`,
    )
    .join("");
}

/**
 * A rich content text as a save stores it (ADR 024's update): HTML (what the editor sends) through
 * the allowlist; text without a tag (a textarea without JavaScript, the shipped files, an api/
 * client of plain text) kept as typed, so /data/{name}.json shows it unchanged. Pages render either
 * with `sanitizeRichHtml`, which turns plain text into paragraphs.
 */
export function cleanRichTextInput(text: string): string {
  return HTML_TAG.test(text) ? sanitizeRichHtml(text) : text;
}

/**
 * What `sanitizeRichHtml` made of each text lately, by the text. Pages render stored texts (a
 * biography, album descriptions, a news item) with it on every render, and the same text always
 * gives the same HTML: running the allowlist over /en/bio's eight texts was 0.3 ms of CPU, about 2 %
 * of that page's render (docs/performance.md). Bounded by characters, so texts that are no longer
 * stored (edits, saves of made-up input) fall out.
 */
const sanitized = new LRUCache<string, string>({ maxSize: 2_000_000, sizeCalculation: (clean, text) => clean.length + text.length + 1 });

export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return "";
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeUncached(html);
    sanitized.set(html, clean);
  }
  return clean;
}

function sanitizeUncached(html: string): string {
  // The spaces an editor wrote as no-break spaces become spaces again (the rule is in no-break-spaces.server.ts),
  // whatever client saved the text: the admin of an earlier release still open in a tab, an api/ client.
  const clean = repairNoBreakSpaces(normaliseQuillLists(filter.process(HTML_TAG.test(html) ? html : plainTextToHtml(html))))
    .trim()
    // External links open in a new tab (the editor does not always set target).
    .replace(/<a href="(https?:[^"]*)"(?![^>]*target=)/g, '<a href="$1" target="_blank" rel="noopener noreferrer"');
  // An editor left empty gives "<p><br></p>".
  return /^(<p>(<br>|\s|&nbsp;)*<\/p>)*$/.test(clean) ? "" : clean;
}
