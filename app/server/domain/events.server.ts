import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { EVENT_FIELDS } from "~/lib/event-fields";
import { bodyFieldNames, type BodyValuesOf } from "~/lib/item-fields";
import { pageWindow, type ListRequest } from "~/lib/list-params";
import { utcToRomeLocal } from "~/lib/rome-time";
import { uniqueSlug } from "~/lib/slug";
import { logActivity, type Actor } from "./activity.server";
import { columnsOf, inputSchemaOf, selectOf } from "./item-fields.server";
import { publicationData } from "./publishing.server";
import { recordRevision } from "./revisions.server";
import { invalid, parseWith, textFields, type Parsed, type SaveResult } from "./save-result.server";
import { deleteWithFiles, saveWithFiles, type ImageInput } from "./save-with-files.server";
import { moveToTrash } from "./trash.server";
import { contentChanged } from "../storage/content-version.server";
import { containsIgnoringCase, db } from "../storage/db.server";
import { publicationStateWhere, visibleToVisitors, type PublicationState } from "../storage/publication.server";

/**
 * Concerts (issue 36): a content kind like news (publication, preview links, revisions, trash), with
 * its fields described once in lib/event-fields.ts, and a programme of its own: an ordered list of
 * compositions (EventWork), each possibly its world premiere. `sequence` counts the saves after the
 * first, for the calendars' SEQUENCE (RFC 5545): a subscriber's calendar replaces its copy only when
 * the number grows.
 */

/** What a page, api/ and the calendars need of a concert: its described columns and its programme. */
export const eventSelect = {
  id: true,
  slug: true,
  ...selectOf(EVENT_FIELDS),
  sequence: true,
  createdAt: true,
  updatedAt: true,
  works: {
    select: {
      premiere: true,
      music: { select: { id: true, slug: true, title: true, titleEng: true, link: true, status: true, publishAt: true, category: { select: { name: true } } } },
    },
    orderBy: { position: "asc" },
  },
} as const satisfies Prisma.EventSelect;

export type EventItem = Prisma.EventGetPayload<{ select: typeof eventSelect }>;

/** Upcoming: not yet ended (its end, else its start, is ahead); past: the others. */
type EventWhen = "upcoming" | "past";

/**
 * `q` matches the title (either language), the venue, the city or a work's title. Visitors' lists
 * hold only what they may see; `audience: "staff"` every concert, or those in `state`. `since`
 * keeps the past ones that started after it (the calendars' last twelve months); `musicId` those
 * whose programme plays that composition (its page's performances).
 */
export type EventFilter = { q?: string; when?: EventWhen; audience?: "visitors" | "staff"; state?: PublicationState; since?: Date; musicId?: number };

function eventWhere(filter: EventFilter = {}, now: Date = new Date()): Prisma.EventWhereInput {
  const { q, when, audience = "visitors", state, since, musicId } = filter;
  const visibility = audience === "visitors" ? visibleToVisitors(now) : state ? publicationStateWhere(state, now) : {};
  // Spelled out both ways: NOT over a nullable column would leave out every concert without an end (SQL's NULL).
  const ahead: Prisma.EventWhereInput = { OR: [{ endsAt: { gte: now } }, { endsAt: null, startsAt: { gte: now } }] };
  const behind: Prisma.EventWhereInput = { OR: [{ endsAt: { lt: now } }, { endsAt: null, startsAt: { lt: now } }] };
  const timing = when === "upcoming" ? ahead : when === "past" ? behind : {};
  const text = q
    ? {
        OR: [
          { title: containsIgnoringCase(q) },
          { titleEng: containsIgnoringCase(q) },
          { venue: containsIgnoringCase(q) },
          { city: containsIgnoringCase(q) },
          { works: { some: { music: { OR: [{ title: containsIgnoringCase(q) }, { titleEng: containsIgnoringCase(q) }] } } } },
        ],
      }
    : {};
  const playing = musicId === undefined ? {} : { works: { some: { musicId } } };
  return { AND: [visibility as Prisma.EventWhereInput, timing, text, since ? { startsAt: { gte: since } } : {}, playing] };
}

/** Upcoming soonest first; past (and the admin's whole list) newest first. */
const orderOf = (when: EventWhen | undefined): Prisma.EventOrderByWithRelationInput[] =>
  when === "upcoming" ? [{ startsAt: "asc" }, { id: "asc" }] : [{ startsAt: "desc" }, { id: "desc" }];

/** Concerts filtered and paged in SQL, in the shape `select` asks for. */
export async function listEvents<S extends Prisma.EventSelect>(request: ListRequest<EventFilter>, select: S, now: Date = new Date()) {
  const where = eventWhere(request.filter, now);
  const { skip, take } = pageWindow(request);
  const [rows, total] = await Promise.all([
    db.event.findMany({ where, select, orderBy: orderOf(request.filter?.when), skip, take }),
    db.event.count({ where }),
  ]);
  return { rows, total };
}

/** The next `limit` concerts visitors may see, soonest first (the home page, the dashboard, the press kit). */
export function upcomingEvents(limit: number, now: Date = new Date()): Promise<EventItem[]> {
  return db.event.findMany({ where: eventWhere({ when: "upcoming" }, now), select: eventSelect, orderBy: orderOf("upcoming"), take: limit });
}

/** A concert by its slug, whatever its status: the public page shows it only when visible or in preview. */
export function getEventBySlug(slug: string): Promise<EventItem | null> {
  return slug.length > 200 ? Promise.resolve(null) : db.event.findUnique({ where: { slug }, select: eventSelect });
}

function getEventById(id: number): Promise<EventItem | null> {
  return db.event.findUnique({ where: { id }, select: eventSelect });
}

// --- input ---

const EVENT_BODY_FIELDS = bodyFieldNames(EVENT_FIELDS);
export type EventValues = BodyValuesOf<typeof EVENT_FIELDS>;

const COUNTRY_MESSAGE = "Codice del paese non valido: due lettere ISO 3166 (es. IT, DE, FR)";
const ENDS_MESSAGE = "La fine deve venire dopo l'inizio";
const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** An ISO 3166-1 alpha-2 code the platform's region names know ("ZZ", unknown region, is not one). */
function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === "ZZ") return false;
  try {
    return countryNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** The described fields, the country a real code (upper-cased), and the rule across fields: the end after the start. */
export const eventInputSchema = inputSchemaOf(EVENT_FIELDS);
const eventRules = eventInputSchema
  .extend({
    country: z
      .string()
      .trim()
      .transform((code) => code.toUpperCase())
      .refine(isCountryCode, COUNTRY_MESSAGE),
  })
  .superRefine((input, ctx) => {
    if (input.ends_at && input.starts_at && input.ends_at.getTime() < input.starts_at.getTime()) {
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: ENDS_MESSAGE });
    }
  });
export type EventInput = z.infer<typeof eventRules>;

/** The text of the concert fields of a body (form or JSON), as a refused form shows them again. */
export function eventValuesFrom(raw: Record<string, unknown>): EventValues {
  return textFields(raw, EVENT_BODY_FIELDS) as EventValues;
}

/** A body without `event_status` (api/ clients that do not know it) is a concert in programme. */
export function parseEventInput(raw: Record<string, unknown>): Parsed<EventInput> {
  const values = eventValuesFrom(raw);
  return parseWith(eventRules, { ...values, event_status: values.event_status || "scheduled" });
}

/** One work of a programme as a save takes it: a composition's id, and whether the concert is its world premiere. */
export type EventWorkInput = { id: number; premiere: boolean };

const WORKS_MESSAGE = 'Programma non valido: una lista di {"id": numero della composizione, "premiere": true o false}';
const workEntry = z.object({ id: z.coerce.number().int().positive(), premiere: z.boolean().default(false) });
const worksInputSchema = z.array(workEntry).max(100);

/** A programme sent as JSON (api/): the list, or the message that names the field. */
export function parseWorksInput(raw: unknown): Parsed<EventWorkInput[]> {
  const parsed = worksInputSchema.safeParse(raw);
  return parsed.success ? { ok: true, data: parsed.data } : invalid({ works: WORKS_MESSAGE });
}

/** A programme naming a composition twice or one that does not exist is refused, naming the field. */
async function checkWorks(works: readonly EventWorkInput[]): Promise<string | null> {
  const ids = works.map((w) => w.id);
  if (new Set(ids).size !== ids.length) return "Una composizione compare due volte nel programma";
  const found = await db.music.count({ where: { id: { in: ids } } });
  return found === ids.length ? null : "Il programma nomina una composizione che non esiste";
}

/** The compositions a programme may name (the admin's works picker), by title. */
export function workChoices(): Promise<{ id: number; title: string }[]> {
  return db.music.findMany({ select: { id: true, title: true }, orderBy: [{ title: "asc" }, { id: "asc" }] });
}

/** The saved programme as the admin form's rows. */
export const workRowsOf = (item: EventItem) => item.works.map((w, index) => ({ music: String(w.music.id), order: String(index + 1), premiere: w.premiere }));

// --- writes (each logs its activity and keeps a revision in the same transaction) ---

/** What the admin lists and the dashboard show of a concert. */
export const adminEventSelect = {
  id: true,
  slug: true,
  title: true,
  startsAt: true,
  city: true,
  venue: true,
  eventStatus: true,
  status: true,
  publishAt: true,
} as const satisfies Prisma.EventSelect;

export const eventRowFileUrls = (row: EventItem) => [row.image];

/** A concert as its revision and its trash entry keep it (ADR 027): the whole public shape and its picture. */
const eventKept = (row: EventItem) => ({ snapshot: row, files: eventRowFileUrls(row) });

/** The saved concert a save changes (null: a new one). */
export type EventCurrent = { id: number; image: string | null; status: string; publishAt: Date | null };

export type EventFilesInput = { image?: ImageInput | null; removeImage?: boolean };

const worksCreate = (works: readonly EventWorkInput[]) => ({
  create: works.map((w, position) => ({ position, premiere: w.premiere, music: { connect: { id: w.id } } })),
});

/** The slug of a new concert: its title and its day (Rome), so a tour's dates each get a readable address. */
const slugBase = (input: { title: string; starts_at: Date | null }) => `${input.title} ${input.starts_at ? utcToRomeLocal(input.starts_at).slice(0, 10) : ""}`;

async function freeSlug(tx: Prisma.TransactionClient, base: string) {
  return uniqueSlug(base, async (s) => !!(await tx.event.findUnique({ where: { slug: s }, select: { id: true } })));
}

/**
 * Creates (`current` null) or updates a concert; `works` null keeps the saved programme. Answers the
 * row (public shape) or field errors. A picture no longer used is deleted after the save.
 */
export async function saveEvent(
  current: EventCurrent | null,
  input: EventInput,
  works: readonly EventWorkInput[] | null,
  files: EventFilesInput,
  actor: Actor,
): Promise<SaveResult<EventItem>> {
  const worksError = works ? await checkWorks(works) : null;
  if (worksError) return invalid({ works: worksError });
  return saveWithFiles({ image: { input: files.image, field: "image" }, list: null }, async (stored) => {
    const image = stored.image ?? (files.removeImage ? null : (current?.image ?? null));
    const data = { ...publicationData(input, current), ...columnsOf(EVENT_FIELDS, input), startsAt: input.starts_at as Date, image };
    return async (tx) => {
      if (current) {
        const previous = await tx.event.findUnique({ where: { id: current.id }, select: eventSelect });
        if (works) await tx.eventWork.deleteMany({ where: { eventId: current.id } });
        const row = await tx.event.update({
          where: { id: current.id },
          data: { ...data, sequence: { increment: 1 }, ...(works ? { works: worksCreate(works) } : {}) },
          select: eventSelect,
        });
        await contentChanged(tx);
        const revision = await recordRevision(
          tx,
          { kind: "event", itemKey: row.id, ...eventKept(row), action: "update", before: previous && eventKept(previous) },
          actor,
        );
        await logActivity(tx, actor, `Modificato il concerto "${row.title}"`, revision);
        return { item: row, before: previous ? eventRowFileUrls(previous) : [], after: eventRowFileUrls(row) };
      }
      const slug = await freeSlug(tx, slugBase(input));
      const row = await tx.event.create({ data: { ...data, slug, works: worksCreate(works ?? []) }, select: eventSelect });
      await contentChanged(tx);
      const revision = await recordRevision(tx, { kind: "event", itemKey: row.id, ...eventKept(row), action: "create" }, actor);
      await logActivity(tx, actor, `Creato il concerto "${row.title}"`, revision);
      return { item: row, before: [], after: eventRowFileUrls(row) };
    };
  });
}

/**
 * Creates several concerts in one transaction (the CSV import: all or nothing), each with its
 * revision, and one activity row for the whole import. No picture, no programme.
 */
export async function createEvents(inputs: readonly EventInput[], actor: Actor): Promise<number> {
  return db.$transaction(async (tx) => {
    for (const input of inputs) {
      const slug = await freeSlug(tx, slugBase(input));
      const data = { ...publicationData(input, null), ...columnsOf(EVENT_FIELDS, input), startsAt: input.starts_at as Date, slug };
      const row = await tx.event.create({ data, select: eventSelect });
      await recordRevision(tx, { kind: "event", itemKey: row.id, ...eventKept(row), action: "create" }, actor);
    }
    await contentChanged(tx);
    await logActivity(tx, actor, `Importati ${inputs.length} concerti da un file CSV`);
    return inputs.length;
  });
}

/**
 * A copy of a concert (tours repeat programmes): the same fields, programme and picture, as a draft
 * (staff change the date and the venue before visitors see it). null when the concert does not exist.
 */
export async function duplicateEvent(id: number, actor: Actor): Promise<EventItem | null> {
  const source = await getEventById(id);
  if (!source) return null;
  const { id: _id, slug: _slug, sequence: _sequence, createdAt: _created, updatedAt: _updated, works, ...columns } = source;
  const result = await saveWithFiles({ image: { input: null, field: "image" }, list: null }, async () => {
    return async (tx) => {
      const slug = await freeSlug(tx, `${source.title} ${utcToRomeLocal(source.startsAt).slice(0, 10)}`);
      const row = await tx.event.create({
        data: {
          ...columns,
          status: "draft",
          publishAt: null,
          slug,
          works: { create: works.map((w, position) => ({ position, premiere: w.premiere, music: { connect: { id: w.music.id } } })) },
        },
        select: eventSelect,
      });
      await contentChanged(tx);
      const revision = await recordRevision(tx, { kind: "event", itemKey: row.id, ...eventKept(row), action: "create" }, actor);
      await logActivity(tx, actor, `Duplicato il concerto "${source.title}"`, revision);
      return { item: row, before: [], after: eventRowFileUrls(row) };
    };
  });
  return result.ok ? result.item : null;
}

/** Moves a concert to the trash (trash.server.ts); false when it does not exist. */
export async function deleteEvent(id: number, actor: Actor): Promise<boolean> {
  const current = await db.event.findUnique({ where: { id }, select: { title: true } });
  if (!current) return false;
  await deleteWithFiles(async (tx) => {
    const row = await tx.event.findUnique({ where: { id }, select: eventSelect });
    if (!row) return [];
    await moveToTrash(tx, { kind: "event", itemId: id, title: row.title, ...eventKept(row) }, actor);
    await tx.event.delete({ where: { id } });
    await contentChanged(tx);
    await logActivity(tx, actor, `Eliminato il concerto "${current.title}"`);
    return eventRowFileUrls(row);
  });
  return true;
}
