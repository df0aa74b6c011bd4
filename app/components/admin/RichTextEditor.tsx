import { lazy, Suspense, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

const QuillEditor = lazy(() => import("./QuillEditor.client"));

/**
 * Rich text (SPEC.md 2.17: 200 px high, toolbar only). A plain <textarea> on the server and
 * without JavaScript; after hydration the Quill editor, kept in sync with a hidden input of the
 * same name so the native form post carries the HTML either way. The editor owns its content
 * (uncontrolled): a controlled Quill rewrites its content from a stale prop when a re-render races
 * the typing, which lost what staff had just typed.
 */
export function RichTextEditor({ name, id, label, defaultValue }: { name: string; id: string; label: string; defaultValue: string }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  // Named by the field's <label for={id}>; the Quill editor, which no label points at, takes `label`.
  const textarea = <textarea id={id} name={name} rows={8} value={value} onChange={(e) => setValue(e.target.value)} />;
  return (
    <div className="rich-text" data-editor={hydrated ? "quill" : "textarea"}>
      {hydrated ? (
        <Suspense fallback={textarea}>
          <input type="hidden" name={name} value={value} />
          <QuillEditor id={id} initialValue={value} onChange={setValue} label={label} />
        </Suspense>
      ) : (
        textarea
      )}
    </div>
  );
}
