import { useEffect, useRef } from "react";
import type Delta from "quill-delta";
import ReactQuill, { Quill } from "react-quill-new";
import "~/styles/vendor/quill.css";

/** Browser-only (Quill needs the DOM); RichTextEditor loads it lazily after hydration. */

const NO_BREAK_SPACE = "\u00a0";
/** A character no text holds (Unicode private use): stands for a no-break space while Quill reads HTML. */
const HELD_NO_BREAK_SPACE = "\ue000";

type TextMatcher = (node: Node, delta: Delta) => Delta;
type ClipboardModule = new (...args: never[]) => { matchers: [number | string, TextMatcher][]; addMatcher(selector: number, matcher: TextMatcher): void };
const DeltaClass = Quill.import("delta");

/**
 * Quill reads HTML (the stored text when the editor opens, a paste) turning every no-break space into
 * a plain one (modules/clipboard.js, matchText), so one a person typed (`10&nbsp;km`, `«&nbsp;Ciao`)
 * was gone at the next save. Here the text matchers see it held as another character, and the last
 * one puts it back: the editor keeps it, and writes it as the character (see `reportedHtml`).
 */
class ClipboardKeepingNoBreakSpaces extends (Quill.import("modules/clipboard") as ClipboardModule) {
  constructor(...args: never[]) {
    super(...args);
    this.matchers.unshift([
      Node.TEXT_NODE,
      (node, delta) => {
        const text = node as Text;
        // Quill drops a text of only spaces and line breaks between blocks (the source's indentation): so do we.
        if (!(text.data.includes("\n") && !text.data.trim())) text.data = text.data.replaceAll(NO_BREAK_SPACE, HELD_NO_BREAK_SPACE);
        return delta;
      },
    ]);
    this.addMatcher(Node.TEXT_NODE, (_node, delta) => {
      const ops = delta.ops.map((op) => (typeof op.insert === "string" ? { ...op, insert: op.insert.replaceAll(HELD_NO_BREAK_SPACE, NO_BREAK_SPACE) } : op));
      return new DeltaClass(ops);
    });
  }
}
Quill.register("modules/clipboard", ClipboardKeepingNoBreakSpaces, true);

/**
 * The HTML the form posts. Quill 2.0.3's getSemanticHTML (what react-quill-new reports) writes every
 * space of a text as `&nbsp;` (core/editor.js, convertHTML), so the words of a saved text were joined
 * by no-break spaces and narrow screens broke them inside words (issue 35). Those are its own: a
 * no-break space in the text itself comes out as the character, which stays.
 */
const reportedHtml = (html: string) => html.replaceAll("&nbsp;", " ");

const modules = {
  toolbar: [
    [{ header: [2, 3, false] }],
    ["bold", "italic", "underline", "strike"],
    [{ list: "ordered" }, { list: "bullet" }],
    ["blockquote", "link"],
    ["clean"],
  ],
};
const formats = ["header", "bold", "italic", "underline", "strike", "list", "blockquote", "link"];

/**
 * Italian names of the toolbar's controls (the admin is in Italian): Quill names its buttons after
 * the format in English ("bold", "list: ordered"). The header picker's visible texts are in quill.css.
 */
const TOOLBAR_LABELS: [selector: string, label: string][] = [
  [".ql-header .ql-picker-label", "Stile del testo"],
  ["button.ql-bold", "Grassetto"],
  ["button.ql-italic", "Corsivo"],
  ["button.ql-underline", "Sottolineato"],
  ["button.ql-strike", "Barrato"],
  ['button.ql-list[value="ordered"]', "Elenco numerato"],
  ['button.ql-list[value="bullet"]', "Elenco puntato"],
  ["button.ql-blockquote", "Citazione"],
  ["button.ql-link", "Link"],
  ["button.ql-clean", "Rimuovi la formattazione"],
];

/** Uncontrolled: `initialValue` is read once; every change is reported through `onChange`. */
export default function QuillEditor({
  id,
  initialValue,
  onChange,
  label,
}: {
  id: string;
  initialValue: string;
  onChange: (html: string) => void;
  label: string;
}) {
  const ref = useRef<ReactQuill>(null);
  useEffect(() => {
    const toolbar = (ref.current?.getEditor().getModule("toolbar") as { container?: HTMLElement } | undefined)?.container;
    for (const [selector, name] of TOOLBAR_LABELS) toolbar?.querySelector(selector)?.setAttribute("aria-label", name);
  }, []);
  return (
    <ReactQuill
      ref={ref}
      id={id}
      theme="snow"
      defaultValue={initialValue}
      onChange={(html) => onChange(reportedHtml(html))}
      modules={modules}
      formats={formats}
      aria-label={label}
    />
  );
}
