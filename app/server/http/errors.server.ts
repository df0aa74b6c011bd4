import { databaseRefusal } from "../storage/db.server";
import { log } from "../platform/log.server";
import { NOT_FOUND_MESSAGE } from "~/lib/form-messages";

/**
 * A request the client got wrong (bad body, wrong method, too large, forged...). The edge readers
 * throw it; api/ answers it as JSON `{error}` (Italian), pages as a 4xx in the visitor's language.
 */
export type ClientErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | ServiceUnavailable;
/** Not the client's fault, but not a fault of the code either: a full disk (the operator's to fix, /readyz says so). */
type ServiceUnavailable = 503;
export type Messages = { it: string; en: string };

export class RequestError extends Error {
  constructor(
    public status: ClientErrorStatus,
    public messages: Messages,
    public headers: Record<string, string> = {},
  ) {
    super(messages.it);
    this.name = "RequestError";
  }
}

export const MESSAGES = {
  crossSite: { it: "Richiesta rifiutata: proviene da un altro sito.", en: "Request refused: it comes from another site." },
  method: { it: "Metodo non consentito.", en: "Method not allowed." },
  tooLarge: (limit: number) => {
    const size = limit >= 1024 * 1024 ? `${Math.floor(limit / (1024 * 1024))} MB` : `${Math.floor(limit / 1024)} KB`;
    return { it: `Richiesta troppo grande: il limite è ${size}.`, en: `Request too large: the limit is ${size}.` };
  },
  fieldTooLarge: (field: string, limit: number) => ({
    it: `Il campo "${field}" è troppo lungo: il limite è ${Math.floor(limit / 1024)} KB.`,
    en: `The field "${field}" is too long: the limit is ${Math.floor(limit / 1024)} KB.`,
  }),
  /** A multipart text part still growing past the largest field (its name is not known yet). */
  textPartTooLarge: (limit: number) => ({
    it: `Un campo di testo è troppo lungo: il limite è ${Math.floor(limit / 1024)} KB.`,
    en: `A text field is too long: the limit is ${Math.floor(limit / 1024)} KB.`,
  }),
  filesNotTaken: { it: "Questo modulo non accetta file.", en: "This form does not take files." },
  diskFull: (freeBytes: number, floorBytes: number) => {
    const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;
    return {
      it: `Spazio su disco quasi esaurito (liberi ${mb(freeBytes)}, da lasciare liberi almeno ${mb(floorBytes)}): il caricamento è rifiutato. Libera spazio o elimina file non usati.`,
      en: `The server's disk is almost full (${mb(freeBytes)} free, at least ${mb(floorBytes)} must stay free): the upload is refused.`,
    };
  },
  unsupportedType: (wanted: string) => ({ it: `Content-Type non supportato: invia ${wanted}.`, en: `Unsupported Content-Type: send ${wanted}.` }),
  badForm: { it: "Richiesta non valida: il modulo inviato non è leggibile.", en: "Invalid request: the submitted form cannot be read." },
  badJson: { it: "JSON non valido.", en: "Invalid JSON." },
  jsonObject: { it: "Il corpo della richiesta deve essere un oggetto JSON.", en: "The request body must be a JSON object." },
  badText: { it: "Richiesta non valida: il testo contiene caratteri non validi.", en: "Invalid request: the text contains invalid characters." },
  repeatedField: (field: string) => ({ it: `Il campo "${field}" è ripetuto: invia un solo valore.`, en: `The field "${field}" is repeated: send one value.` }),
  notFound: { it: NOT_FOUND_MESSAGE, en: "Not found" },
  conflict: { it: "Conflitto: l'elemento è stato modificato o esiste già.", en: "Conflict: the item was changed or already exists." },
  internal: { it: "Errore interno del server", en: "Internal server error" },
  storageFull: {
    it: "Il disco del server è pieno: niente può essere salvato finché non si libera spazio. Riprova più tardi.",
    en: "The server's disk is full: nothing can be saved until space is freed. Please try again later.",
  },
} as const;

/**
 * Prisma's "not found" (a row deleted under our feet) and "conflict" (unique constraint, a write
 * that lost a race) are the client's news, not a server fault.
 */
function prismaClientError(error: unknown): RequestError | null {
  const kind = databaseRefusal(error);
  if (kind === "missing") return new RequestError(404, MESSAGES.notFound);
  if (kind === "conflict") return new RequestError(409, MESSAGES.conflict);
  if (kind === "full") {
    log().error({ err: error }, "disk full: a database write was refused");
    return new RequestError(503, MESSAGES.storageFull, { "Retry-After": "60" });
  }
  return null;
}

/** A RequestError for anything a client caused, or null for a real server fault. */
export function asClientError(error: unknown): RequestError | null {
  if (error instanceof RequestError) return error;
  return prismaClientError(error);
}
