/**
 * A rich text of the site (a news description, a content text: biography, album descriptions,
 * credits, privacy, legal notes, cookie policy): HTML the server already put through the one
 * allowlist (`sanitizeRichHtml`, app/server/domain/sanitize.server.ts), which also turned a plain
 * text's blank lines into paragraphs and its single line breaks into <br>.
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
