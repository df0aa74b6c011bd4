import type { ActivityRow } from "../../domain/activity.server";
import type { RevisionRow } from "../../domain/revisions.server";
import type { CategoryRow } from "../../domain/categories.server";
import type { MusicItem, MusicTrackItem } from "../../domain/music.server";
import { playableType, playableUrl } from "../../domain/track-streams.server";
import type { NewsItem } from "../../domain/news.server";
import type { EventItem } from "../../domain/events.server";
import { EVENT_FIELDS } from "~/lib/event-fields";
import type { TempUpload } from "../../domain/uploads.server";
import type { SubscriberRow } from "../../domain/newsletter.server";
import type { SendFigures } from "~/lib/newsletter";
import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { bodyFieldNames, choicesOf, columnOf, englishColumn, englishName, type FieldEntries, type ItemFields, type Merged } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { isVisibleToVisitors } from "../../storage/publication.server";
import { romeIso } from "~/lib/rome-time";

/**
 * The one place where the camelCase rows of the domain modules become the wire shapes of
 * SPEC.md section 3 (snake_case names of the original Django API). Nothing else builds api/ JSON.
 */
type WireCategoryRef = { id: number; name: string; name_eng: string };
export type WireCategory = { id: number } & WireFieldsOf<typeof CATEGORY_FIELDS>;
type WireFile = { name: string; url: string };
/**
 * Issue 25: a track adds its stream to SPEC.md 3's {name, url} (the master, as before):
 * `stream_url` is what to play now (the stream once `state` is "ready", the master until then),
 * `peaks_url` the waveform (audiowaveform JSON, null until ready), `duration` in seconds,
 * `loudness_lufs` the integrated loudness (null until ready, or for silence), `name_eng` the name
 * on English pages (empty: the Italian `name`; sent back in an update, absent keeps it). The
 * order of `music_tracks` is the order pages show; an update's list order is the new order.
 */
export type WireTrack = WireFile & {
  name_eng: string;
  stream_url: string;
  stream_type: string;
  peaks_url: string | null;
  duration: number | null;
  loudness_lufs: number | null;
  state: string;
};
/** What each kind of list holds on the wire. */
type WireListItem = { attachment: WireFile; track: WireTrack };

type WireEntry<E> = E extends [infer K extends string, infer F]
  ? F extends { kind: "bilingual" }
    ? { [P in K | `${K}_eng`]: string }
    : F extends { kind: "date" }
      ? { [P in K]: string }
      : F extends { kind: "url" | "text" }
        ? { [P in K]: string | null }
        : F extends { kind: "number" }
          ? { [P in K]: number | null }
          : F extends { kind: "datetime"; required: true }
            ? { [P in K]: string }
            : F extends { kind: "datetime" }
              ? { [P in K]: string | null }
              : F extends { kind: "enum"; fromRow: unknown }
                ? never
                : F extends { kind: "enum"; optional: true }
                  ? { [P in K]: string | null }
                  : F extends { kind: "enum" }
                    ? { [P in K]: string }
                    : F extends { kind: "choices" }
                      ? { [P in K]: string[] }
                      : F extends { kind: "document" }
                        ? { [P in `${K}_url`]: string | null } & { [P in `${K}_pages`]: number | null }
                        : F extends { kind: "category" }
                          ? { [P in K]: WireCategoryRef }
                          : F extends { kind: "file"; required: true }
                            ? { [P in K]: string }
                            : F extends { kind: "file" }
                              ? { [P in K]: string | null }
                              : F extends { kind: "list"; purpose: infer U extends keyof WireListItem }
                                ? { [P in K]: WireListItem[U][] }
                                : never
  : never;
/** A described type on the wire: every field under its wire name (SPEC.md 3), the publication aside (staff only). */
type WireFieldsOf<D extends ItemFields> = Merged<WireEntry<FieldEntries<D>>>;

/** Issue 23 added `title_eng` to SPEC.md 3's shape of a composition ("" when it has no English title). */
export type WireMusic = { id: number; slug: string } & WireFieldsOf<typeof MUSIC_FIELDS>;
export type WireNews = { id: number; slug: string } & WireFieldsOf<typeof NEWS_FIELDS>;
/** Issue 36: one composition of a concert's programme, in order; `premiere` its world premiere. */
type WireEventWork = { id: number; slug: string; title: string; title_eng: string; premiere: boolean };
export type WireEvent = { id: number; slug: string } & WireFieldsOf<typeof EVENT_FIELDS> & { works: WireEventWork[] };
/**
 * Issue 24: what staff reads and write answers add to a news item or a composition that visitors
 * do not see yet (a draft, or scheduled). Absent, as in the request: published, so clients that
 * predate drafts get SPEC.md 3's shape exactly.
 */
export type WirePublication = { status?: string; publish_at?: string | null };
export type WireActivity = { id: number; date: string; description: string; user_data: { username: string } };
/**
 * Issue 24: one revision of an item. `item` is the item as that revision kept it, in the shape a
 * GET of the item answers (a content page: its document, as GET api/content/{name}/ answers it);
 * `action` is "create", "update", "restore" or "baseline" (the state an item had before its first
 * save after the upgrade); `restored_from` the revision a restore brought back.
 */
export type WireRevision<T> = {
  id: number;
  date: string;
  action: string;
  restored_from: number | null;
  user_data: { username: string };
  item: T;
};
export type WireUser = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_staff: boolean;
  is_superuser: boolean;
  groups: string[];
};
export type WireUpload = { file_name: string; temp_name: string; display_name: string };

export type UserRow = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  isStaff: boolean;
  isSuperuser: boolean;
  groups: string;
};

type WireCategorySource = { id: number; name: string; nameEng: string };

function categoryRef(c: WireCategorySource): WireCategoryRef {
  return { id: c.id, name: c.name, name_eng: c.nameEng };
}

const publication = (row: { status: string; publishAt: Date | null }): WirePublication =>
  isVisibleToVisitors(row) ? {} : { status: row.status, publish_at: row.publishAt ? row.publishAt.toISOString() : null };

const files = (list: { name: string; url: string }[]): WireFile[] => list.map((f) => ({ name: f.name, url: f.url }));

const tracks = (list: MusicTrackItem[]): WireTrack[] =>
  list.map((t) => ({
    name: t.name,
    name_eng: t.nameEng,
    url: t.url,
    stream_url: playableUrl(t),
    stream_type: playableType(t),
    peaks_url: t.streamState === "ready" ? t.peaksUrl : null,
    duration: t.durationSeconds,
    loudness_lufs: t.streamState === "ready" ? t.loudnessLufs : null,
    state: t.streamState,
  }));

const LISTS = { attachment: files, track: tracks } as const;

/** The wire fields of a described row: each field's column(s) under its wire name, an empty address null, a list by its kind. */
export function wireFields<D extends ItemFields>(fields: D, row: Readonly<Record<string, unknown>>): WireFieldsOf<D> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = row[columnOf(name, field)];
    switch (field.kind) {
      case "bilingual":
        out[name] = value;
        out[englishName(name)] = row[englishColumn(columnOf(name, field))];
        break;
      case "category":
        out[name] = categoryRef(row.category as WireCategorySource);
        break;
      case "url":
      case "text":
        // Issue 36: an optional text added after SPEC.md 3 is null when unset, as the clients expect.
        out[name] = value || null;
        break;
      case "datetime":
        // A snapshot (a revision's item) keeps its moments as ISO texts.
        out[name] = value ? romeIso(new Date(value as Date | string)) : null;
        break;
      case "choices":
        out[name] = choicesOf(value);
        break;
      case "document":
        out[`${name}_url`] = value ?? null;
        out[`${name}_pages`] = row[`${columnOf(name, field)}Pages`] ?? null;
        break;
      case "list":
        out[name] = (LISTS[field.purpose] as (list: unknown) => unknown)(value);
        break;
      case "publication":
        break;
      case "enum":
        if (!field.fromRow) out[name] = value ?? null;
        break;
      default:
        out[name] = value;
    }
  }
  return out as WireFieldsOf<D>;
}

export const wire = {
  category: (c: CategoryRow): WireCategory => ({ id: c.id, ...wireFields(CATEGORY_FIELDS, c) }),

  music: (m: MusicItem): WireMusic => ({ id: m.id, slug: m.slug, ...wireFields(MUSIC_FIELDS, m) }),

  news: (n: NewsItem): WireNews => ({ id: n.id, slug: n.slug, ...wireFields(NEWS_FIELDS, n) }),

  /** A concert; visitors' programmes leave out the compositions they may not see (a draft). */
  event: (e: EventItem, audience: "visitors" | "staff" = "visitors"): WireEvent => ({
    id: e.id,
    slug: e.slug,
    ...wireFields(EVENT_FIELDS, e),
    works: e.works
      .filter((w) => audience === "staff" || isVisibleToVisitors(w.music))
      .map((w) => ({ id: w.music.id, slug: w.music.slug, title: w.music.title, title_eng: w.music.titleEng, premiere: w.premiere })),
  }),

  /** Staff reads and write answers: the public shape, plus its publication when visitors do not see it yet. */
  staffMusic: (m: MusicItem): WireMusic & WirePublication => ({ ...wire.music(m), ...publication(m) }),
  staffNews: (n: NewsItem): WireNews & WirePublication => ({ ...wire.news(n), ...publication(n) }),
  staffEvent: (e: EventItem): WireEvent & WirePublication => ({ ...wire.event(e, "staff"), ...publication(e) }),

  activity: (a: ActivityRow): WireActivity => ({
    id: a.id,
    date: a.date.toISOString(),
    description: a.description,
    user_data: { username: a.username },
  }),

  user: (u: UserRow): WireUser => {
    let groups: string[] = [];
    try {
      const parsed: unknown = JSON.parse(u.groups);
      if (Array.isArray(parsed)) groups = parsed.filter((g): g is string => typeof g === "string");
    } catch {
      groups = [];
    }
    return {
      id: u.id,
      username: u.username,
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      is_staff: u.isStaff,
      is_superuser: u.isSuperuser,
      groups,
    };
  },

  revision: <T>(r: RevisionRow, item: (snapshot: unknown) => T): WireRevision<T> => ({
    id: r.id,
    date: r.createdAt.toISOString(),
    action: r.action,
    restored_from: r.restoredFrom,
    user_data: { username: r.username },
    item: item(r.snapshot),
  }),

  upload: (u: TempUpload): WireUpload => ({ file_name: u.file_name, temp_name: u.temp_name, display_name: u.display_name }),

  // Issue 37: the newsletter's staff api (docs/api.md).
  subscriber: (s: SubscriberRow) => ({
    id: s.id,
    email: s.email,
    lang: s.lang,
    state: s.state,
    signed_up_at: s.signedUpAt.toISOString(),
    confirmed_at: s.confirmedAt?.toISOString() ?? null,
    unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
    consent_version: s.consentVersion,
  }),
  newsletterSend: (f: SendFigures) => ({
    id: f.id,
    news_id: f.newsId,
    title: f.title,
    state: f.state,
    total: f.total,
    sent: f.sent,
    failed: f.failed,
    skipped: f.skipped,
    pending: f.pending,
    created_at: f.createdAt.toISOString(),
    finished_at: f.finishedAt?.toISOString() ?? null,
  }),
};

/**
 * The text fields of each api/ body (SPEC.md 3's names, which the domain parsers read too): what
 * `checkTypes` checks; the file fields are read by the edge beside them.
 */
export const CATEGORY_BODY_FIELDS = bodyFieldNames(CATEGORY_FIELDS);
export const NEWS_BODY_FIELDS = bodyFieldNames(NEWS_FIELDS);
export const MUSIC_BODY_FIELDS = bodyFieldNames(MUSIC_FIELDS);
export const EVENT_BODY_FIELDS = bodyFieldNames(EVENT_FIELDS);
