import { useEffect, useRef } from "react";
import ReactQuill from "react-quill-new";
import "~/styles/vendor/quill.css";

/** Browser-only (Quill needs the DOM); RichTextEditor loads it lazily after hydration. */
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
      onChange={(html) => onChange(html)}
      modules={modules}
      formats={formats}
      aria-label={label}
    />
  );
}
