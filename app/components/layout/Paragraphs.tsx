/**
 * A long text staff typed in a plain textarea (biography, album descriptions, credits, privacy, legal
 * notes, cookie policy): a blank line starts a new paragraph and a single line break stays a line break
 * (`.paragraphs` keeps it with `white-space: pre-line`), as the admin form showed it. React escapes the
 * text: nothing in it is markup.
 */
export function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="paragraphs">
          {paragraph}
        </p>
      ))}
    </>
  );
}
