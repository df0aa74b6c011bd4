import ReactQuill from "react-quill-new";
import "~/styles/vendor/quill.css";

/** Browser-only (Quill needs the DOM); RichTextEditor loads it lazily after hydration. */
const modules = {
  toolbar: [[{ header: [2, 3, false] }], ["bold", "italic", "underline", "strike"], [{ list: "ordered" }, { list: "bullet" }], ["blockquote", "link"], ["clean"]],
};
const formats = ["header", "bold", "italic", "underline", "strike", "list", "blockquote", "link"];

export default function QuillEditor({ id, value, onChange, label }: { id: string; value: string; onChange: (html: string) => void; label: string }) {
  return (
    <ReactQuill
      id={id}
      theme="snow"
      value={value}
      onChange={(html) => onChange(html)}
      modules={modules}
      formats={formats}
      aria-label={label}
    />
  );
}
