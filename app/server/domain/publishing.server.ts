import { z } from "zod";
import { isVisibleToVisitors, PUBLICATION_STATUSES, type Publication } from "../storage/publication.server";

/**
 * The publication fields of a news or music save (issue 24), `status` and `publish_at`, as the api/
 * body and the admin form (after http/content-forms.server.ts turned its Rome time into UTC) give
 * them. Absent: published now, so old api/ clients keep their behaviour. Who sees what is decided in
 * storage/publication.server.ts.
 */
const STATUS_MESSAGE = 'Stato non valido: "draft" o "published"';
const PUBLISH_AT_MESSAGE = "Data e ora non valide (ISO 8601 con fuso, es. 2027-03-01T09:00:00Z)";

export const publicationInputShape = {
  status: z
    .string()
    .trim()
    .transform((v) => v || "published")
    .pipe(z.enum(PUBLICATION_STATUSES, { error: STATUS_MESSAGE }))
    .meta({ description: '"draft" or "published" (default); published with a future publish_at is scheduled' }),
  publish_at: z
    .string()
    .trim()
    .refine((v) => v === "" || (z.iso.datetime({ offset: true }).safeParse(v).success && !Number.isNaN(Date.parse(v))), PUBLISH_AT_MESSAGE)
    .transform((v) => (v ? new Date(v) : null))
    .meta({ format: "date-time", description: "ISO 8601 with offset; empty: now (when published)" }),
};

export type PublicationInput = { status: (typeof PUBLICATION_STATUSES)[number]; publish_at: Date | null };

/** The publication columns a save writes: "published" without a time keeps an already visible item's time, else now. */
export function publicationData(input: PublicationInput, current: Publication | null, now: Date = new Date()): Publication {
  if (input.status === "draft") return { status: "draft", publishAt: input.publish_at };
  if (input.publish_at) return { status: "published", publishAt: input.publish_at };
  return { status: "published", publishAt: current && isVisibleToVisitors(current, now) ? current.publishAt : now };
}
