import { describeFields } from "./item-fields";
import { IMAGE_ACCEPT } from "./images";

/** A concert's own state (issue 36), named apart from its publication `status`. */
export const EVENT_STATUSES = ["scheduled", "cancelled", "postponed", "rescheduled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The fields of a concert (issue 36), in the order of its admin form; its programme (`works`) is the domain module's. */
export const EVENT_FIELDS = describeFields({
  title: { kind: "bilingual", label: "Titolo", format: "line", max: 300, required: "italian", sideBySide: true },
  starts_at: { kind: "datetime", label: "Inizio", column: "startsAt", required: true },
  ends_at: { kind: "datetime", label: "Fine (facoltativa)", column: "endsAt", required: false },
  event_status: {
    kind: "enum",
    label: "Stato del concerto",
    column: "eventStatus",
    values: EVENT_STATUSES,
    labels: { scheduled: "In programma", cancelled: "Annullato", postponed: "Rinviato", rescheduled: "Spostato a nuova data" },
    control: "select",
    initial: "scheduled",
  },
  venue: { kind: "text", label: "Luogo (sala, teatro)", format: "line", max: 200, required: true },
  city: { kind: "text", label: "Città", format: "line", max: 120, required: true },
  country: { kind: "text", label: "Paese (codice ISO 3166, es. IT)", format: "line", max: 2, required: true },
  address: { kind: "text", label: "Indirizzo (facoltativo)", format: "line", max: 300, required: false },
  ticket_url: { kind: "url", label: "Biglietti (indirizzo)", column: "ticketUrl", max: 2000 },
  performers: { kind: "text", label: "Interpreti", format: "plain", max: 2000, required: false },
  description: { kind: "bilingual", label: "Descrizione", format: "rich", max: 200_000, required: "neither" },
  image: { kind: "file", label: "Immagine (facoltativa)", form: "image", accept: IMAGE_ACCEPT, required: false },
  publication: { kind: "publication" },
});

/** One row of the admin form's programme, as posted and as shown again: a composition's id (empty: none), its place, whether its premiere. */
export type WorkRow = { music: string; order: string; premiere: boolean };

/** The rows the form shows: the programme's, and one blank row to add a work (or more, after «Aggiungi opera»). */
export function rowsWithBlanks(rows: readonly WorkRow[], blanks = 1): WorkRow[] {
  return [...rows, ...Array.from({ length: blanks }, () => ({ music: "", order: "", premiere: false }))];
}

/** The columns of a CSV import of concerts, in their usual order (docs/api.md; server/domain/events-import.server.ts). */
export const EVENT_CSV_COLUMNS = ["date", "time", "venue", "city", "country", "ticket_url", "title", "title_eng"] as const;
