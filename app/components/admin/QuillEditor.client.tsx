import ReactQuill from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";

/** Browser-only (Quill needs the DOM); RichTextEditor loads it lazily after hydration. */
const modules = {
  toolbar: [[{ header: [2, 3, false] }], ["bold", "italic", "underline", "strike"], [{ list: "ordered" }, { list: "bullet" }], ["blockquote", "link"], ["clean"]],
};
const formats = ["header", "bold", "italic", "underline", "strike", "list", "blockquote", "link"];

/** Uncontrolled: `initialValue` is read once; every change is reported through `onChange`. */
export default function QuillEditor({ id, initialValue, onChange, label }: { id: string; initialValue: string; onChange: (html: string) => void; label: string }) {
  return (
    <ReactQuill
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
