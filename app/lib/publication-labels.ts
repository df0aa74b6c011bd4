import { formatRomeTime, utcToRomeLocal } from "./rome-time";

/**
 * How the admin names a publication state (issue 24): in its lists, their `?stato=` filter and the
 * edit forms. The rule of who sees what is app/server/storage/publication.server.ts.
 */
type State = "draft" | "scheduled" | "published";

const BY_QUERY: Record<string, State> = { bozza: "draft", programmata: "scheduled", pubblicata: "published" };

export const STATE_FILTER_OPTIONS: [value: string, label: string][] = [
  ["", "Tutti gli stati"],
  ["bozza", "Bozze"],
  ["programmata", "Programmate"],
  ["pubblicata", "Pubblicate"],
];

/** The state `?stato=` names, or undefined (every item) for anything else. */
export function stateFromQuery(value: string | null): State | undefined {
  return value ? BY_QUERY[value] : undefined;
}

export function stateLabel(state: State, publishAt: Date | null): string {
  if (state === "draft") return "Bozza";
  if (state === "scheduled" && publishAt) return `Programmata per ${formatRomeTime(publishAt)}`;
  return "Pubblicata";
}

/** The admin form's publication choice: "Bozza", "Pubblica ora", "Programma" (with a Rome time). */
export type PublicationChoice = "bozza" | "ora" | "programma";
export type PublicationFormValues = { publication: PublicationChoice; publish_at_local: string };

/** What the form shows for a stored (or submitted) status and ISO time. */
export function publicationFormValues(status: string, publishAt: string, now: Date = new Date()): PublicationFormValues {
  const at = publishAt ? new Date(publishAt) : null;
  const local = at && !Number.isNaN(at.getTime()) ? utcToRomeLocal(at) : publishAt;
  if (status === "draft") return { publication: "bozza", publish_at_local: local };
  if (at && (Number.isNaN(at.getTime()) || at.getTime() > now.getTime())) return { publication: "programma", publish_at_local: local };
  return { publication: "ora", publish_at_local: "" };
}
