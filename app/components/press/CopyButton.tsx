import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

type Labels = { copy: string; copied: string; copyFailed: string };

/**
 * Copies a biography's text (issue 38). Only with JavaScript: without it the button could do nothing,
 * and the text beside it is plain selectable text. It ships in the press page's own chunk, loaded by
 * that page only.
 */
export function CopyButton({ text, labels, describedBy }: { text: string; labels: Labels; describedBy: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  if (!hydrated) return null;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
  };
  return (
    <span className="press-bio__copy">
      <button type="button" className="button button--ghost" aria-describedby={describedBy} onClick={copy}>
        {labels.copy}
      </button>
      <span role="status" className="press-bio__copy-state">
        {state === "copied" ? labels.copied : state === "failed" ? labels.copyFailed : ""}
      </span>
    </span>
  );
}
