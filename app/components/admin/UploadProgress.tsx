import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { postWithProgress } from "./upload-request";

/**
 * A progress bar for the form it sits in, once JavaScript runs: the form's own post is sent with
 * XMLHttpRequest (whose upload reports progress; fetch does not), then the page follows the
 * redirect the action answered. Without JavaScript the form posts natively and nothing shows here.
 */
export function UploadProgress() {
  const bar = useRef<HTMLProgressElement>(null);
  const navigate = useNavigate();
  const [state, setState] = useState<{ fraction: number; error: string } | null>(null);
  useEffect(() => {
    const form = bar.current?.closest("form");
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      // Runs before React Router's submit handler, which does nothing for a prevented event.
      event.preventDefault();
      setState({ fraction: 0, error: "" });
      void postWithProgress(form.action || window.location.href, new FormData(form, event.submitter), (fraction) => setState({ fraction, error: "" })).then(
        (xhr) => {
          if (!xhr) setState({ fraction: 0, error: "Caricamento non riuscito: connessione interrotta." });
          else if (xhr.status >= 200 && xhr.status < 300) {
            const url = new URL(xhr.responseURL || window.location.href);
            setState(null);
            void navigate(`${url.pathname}${url.search}${url.hash}`);
          } else setState({ fraction: 0, error: `Caricamento non riuscito (${xhr.status}): controlla il file e riprova.` });
        },
      );
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [navigate]);
  return (
    <div className="upload-progress" aria-live="polite">
      <progress ref={bar} max={1} value={state?.fraction ?? 0} hidden={!state || Boolean(state.error)} aria-label="Avanzamento del caricamento" />
      {state?.error ? <p className="field__error">{state.error}</p> : null}
    </div>
  );
}
