import { useEffect, useRef, useState, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { postWithProgress } from "./upload-request";

export type StoredFile = { url: string; name: string };
type Item =
  | { key: string; state: "existing"; url: string; name: string }
  | { key: string; state: "uploading"; fileName: string; progress: number }
  | { key: string; state: "uploaded"; fileName: string; tempName: string; displayName: string }
  | { key: string; state: "error"; fileName: string; message: string };

const DUPLICATE_MESSAGE = "Il file selezionato è già esistente:";
const WAITING_MESSAGE = "Salvataggio in attesa: il caricamento dei file è ancora in corso. Il modulo sarà salvato appena finisce.";
const FAILED_MESSAGE = "Non salvato: un file non è stato caricato. Rimuovilo o sceglilo di nuovo, poi salva.";

function itemNames(item: Item): string[] {
  switch (item.state) {
    case "existing":
      return [item.name];
    case "uploaded":
      return [item.fileName, item.displayName];
    default:
      return [item.fileName];
  }
}

let counter = 0;
const nextKey = () => `f${++counter}`;

/** The api/ anti-forgery token: the csrftoken cookie (readable by scripts), echoed in X-CSRFToken. */
function csrfToken(): string {
  return /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? "";
}

/** Sends one file to /admin/upload with progress; answers the temp upload or an error message. */
async function uploadFile(
  file: File,
  purpose: string,
  onProgress: (fraction: number) => void,
): Promise<{ temp_name: string; display_name: string } | { error: string }> {
  const body = new FormData();
  body.set("kind", purpose);
  body.set("file", file, file.name);
  const xhr = await postWithProgress("/admin/upload", body, onProgress, { headers: { "X-CSRFToken": csrfToken() }, responseType: "json" });
  if (!xhr) return { error: "Caricamento non riuscito: connessione interrotta." };
  const answer = xhr.response as { temp_name?: string; display_name?: string; error?: string } | null;
  if (xhr.status >= 200 && xhr.status < 300 && answer?.temp_name) return { temp_name: answer.temp_name, display_name: answer.display_name ?? file.name };
  return { error: answer?.error ?? `Caricamento non riuscito (${xhr.status}).` };
}

/**
 * Holds the save of the form the field sits in while its files upload: the form posts only the
 * finished ones, so a save pressed mid-upload would drop the rest without a word (issue 35.3). The
 * held save goes on by itself once the uploads end, unless one failed: then it stays held, with the
 * reason, until staff remove or choose again that file. A disabled field (the other music option) is not posted, so it never holds.
 */
function useHeldSubmit(
  fieldRef: RefObject<HTMLDivElement | null>,
  { hydrated, pending, failed, disabled }: { hydrated: boolean; pending: boolean; failed: boolean; disabled: boolean },
): "waiting" | "failed" | null {
  const [held, setHeld] = useState<{ state: "waiting" | "failed"; submitter: HTMLElement | null } | null>(null);
  const now = useRef({ pending, failed, disabled });
  now.current = { pending, failed, disabled };
  useEffect(() => {
    // The field is rendered (and in its form) once hydrated.
    const form = hydrated ? fieldRef.current?.closest("form") : null;
    if (!form) return;
    // A listener on the form runs before React Router's submit handler (React listens at the root),
    // which does nothing for a prevented event.
    const onSubmit = (event: SubmitEvent) => {
      const { pending, failed, disabled } = now.current;
      if (disabled || (!pending && !failed)) return;
      event.preventDefault();
      setHeld({ state: pending ? "waiting" : "failed", submitter: event.submitter });
      // The save button may be far below the field: bring the reason into view.
      fieldRef.current?.scrollIntoView({ block: "nearest" });
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [fieldRef, hydrated]);
  useEffect(() => {
    if (held?.state !== "waiting" || pending) return;
    if (failed) setHeld({ ...held, state: "failed" });
    else {
      setHeld(null);
      // Submitted again once React has rendered the finished uploads into the posted list.
      fieldRef.current?.closest("form")?.requestSubmit(held.submitter);
    }
  }, [fieldRef, held, pending, failed]);
  useEffect(() => {
    if (held?.state === "failed" && !failed) setHeld(null);
  }, [held, failed]);
  return held?.state ?? null;
}

/**
 * A list of files (tracks, attachments). Without JavaScript: keep-checkboxes for the current files
 * and a file input that travels with the form post. With JavaScript: each chosen file is uploaded
 * at once with a progress bar, gets an editable display name, and the form sends the list as JSON.
 */
export function FileListField({
  id,
  label,
  purpose,
  jsonName,
  fileInputName,
  keepName,
  existing,
  accept,
  disabled,
  error,
}: {
  id: string;
  label: string;
  purpose: "track" | "attachment";
  jsonName: string;
  fileInputName: string;
  keepName: string;
  existing: StoredFile[];
  accept: string;
  disabled?: boolean;
  error?: string;
}) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<Item[]>(() => existing.map((f) => ({ key: nextKey(), state: "existing", url: f.url, name: f.name })));
  const inputRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);

  const update = (key: string, change: (item: Item) => Item) => setItems((list) => list.map((i) => (i.key === key ? change(i) : i)));

  function choose(files: FileList | null) {
    if (!files || files.length === 0) return;
    const taken = new Set(items.flatMap(itemNames));
    const duplicates: string[] = [];
    const fresh: File[] = [];
    for (const file of Array.from(files)) {
      if (taken.has(file.name)) duplicates.push(file.name);
      else {
        taken.add(file.name);
        fresh.push(file);
      }
    }
    if (duplicates.length > 0) window.alert(`${DUPLICATE_MESSAGE} ${duplicates.join(", ")}`);
    const added: Item[] = fresh.map((file) => ({ key: nextKey(), state: "uploading", fileName: file.name, progress: 0 }));
    setItems((list) => [...list, ...added]);
    added.forEach(({ key }, index) => {
      const file = fresh[index];
      if (!file) return;
      void uploadFile(file, purpose, (fraction) => update(key, (i) => (i.state === "uploading" ? { ...i, progress: fraction } : i))).then((result) =>
        update(key, () =>
          "error" in result
            ? { key, state: "error", fileName: file.name, message: result.error }
            : { key, state: "uploaded", fileName: file.name, tempName: result.temp_name, displayName: result.display_name },
        ),
      );
    });
    if (inputRef.current) inputRef.current.value = "";
  }

  const pending = items.some((i) => i.state === "uploading");
  const failed = items.some((i) => i.state === "error");
  const held = useHeldSubmit(fieldRef, { hydrated, pending, failed, disabled: Boolean(disabled) });

  if (!hydrated) {
    return (
      <div className="field file-field" id={`${id}-field`}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {existing.length > 0 ? (
          <ul className="file-list">
            {existing.map((f) => (
              <li key={f.url} className="file-list__item">
                <label>
                  <input type="checkbox" name={keepName} value={f.url} defaultChecked disabled={disabled} /> {f.name}
                </label>
                <small className="file-list__status">Deseleziona per rimuovere</small>
              </li>
            ))}
          </ul>
        ) : null}
        <input id={id} type="file" name={fileInputName} multiple accept={accept} disabled={disabled} />
        {error ? <small className="field__error">{error}</small> : null}
      </div>
    );
  }

  const payload = items.flatMap<{ url: string; name: string } | { temp_name: string; display_name: string }>((i) =>
    i.state === "existing" ? [{ url: i.url, name: i.name }] : i.state === "uploaded" ? [{ temp_name: i.tempName, display_name: i.displayName }] : [],
  );
  return (
    <div ref={fieldRef} className="field file-field" id={`${id}-field`} data-pending={pending ? "true" : "false"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input type="hidden" name={jsonName} value={JSON.stringify(payload)} disabled={disabled} />
      <ul className="file-list" aria-live="polite">
        {items.map((item) => (
          <li key={item.key} className="file-list__item" data-state={item.state}>
            {item.state === "existing" || item.state === "uploaded" ? (
              <input
                type="text"
                aria-label={`Nome visualizzato di ${item.state === "existing" ? item.name : item.fileName}`}
                value={item.state === "existing" ? item.name : item.displayName}
                disabled={disabled}
                onChange={(e) => {
                  const value = e.target.value;
                  update(item.key, (i) => (i.state === "existing" ? { ...i, name: value } : i.state === "uploaded" ? { ...i, displayName: value } : i));
                }}
              />
            ) : (
              <span className="file-list__name">{item.fileName}</span>
            )}
            <button
              type="button"
              className="button button--ghost"
              disabled={disabled}
              onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))}
            >
              Rimuovi
            </button>
            {item.state === "uploading" ? (
              <>
                <span className="file-list__status">Caricamento in corso: {Math.round(item.progress * 100)} %</span>
                <progress max={1} value={item.progress} aria-label={`Caricamento di ${item.fileName}`} />
              </>
            ) : null}
            {item.state === "error" ? (
              <span className="file-list__error" role="alert">
                {item.message}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <input ref={inputRef} id={id} type="file" multiple accept={accept} disabled={disabled} onChange={(e) => choose(e.target.files)} />
      <p className="file-list__held" role="status">
        {held === "waiting" ? WAITING_MESSAGE : held === "failed" ? FAILED_MESSAGE : null}
      </p>
      {error ? <small className="field__error">{error}</small> : null}
    </div>
  );
}
