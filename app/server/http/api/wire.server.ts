import type { ActivityRow } from "../../domain/activity.server";
import type { RevisionRow } from "../../domain/revisions.server";
import type { CategoryRow } from "../../domain/categories.server";
import type { MusicItem, MusicTrackItem } from "../../domain/music.server";
import { playableType, playableUrl } from "../../domain/track-streams.server";
import type { NewsItem } from "../../domain/news.server";
import type { TempUpload } from "../../domain/uploads.server";
import { PUBLICATION_FIELDS } from "../../domain/publishing.server";
import { isVisibleToVisitors } from "../../storage/publication.server";

/**
 * The one place where the camelCase rows of the domain modules become the wire shapes of
 * SPEC.md section 3 (snake_case names of the original Django API). Nothing else builds api/ JSON.
 */
export type WireCategoryRef = { id: number; name: string; name_eng: string };
export type WireCategory = WireCategoryRef & { type: string };
export type WireFile = { name: string; url: string };
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
export type WireMusic = {
  id: number;
  slug: string;
  title: string;
  /** Issue 23: added to SPEC.md 3's shape; "" when the composition has no English title. */
  title_eng: string;
  description: string;
  description_eng: string;
  category: WireCategoryRef;
  img: string;
  link: string | null;
  videos: string | null;
  music_tracks: WireTrack[];
};
export type WireNews = {
  id: number;
  slug: string;
  title: string;
  title_eng: string;
  description: string;
  description_eng: string;
  date: string;
  image: string | null;
  category: WireCategoryRef;
  attachments: WireFile[];
};
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

function categoryRef(c: { id: number; name: string; nameEng: string }): WireCategoryRef {
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

export const wire = {
  category: (c: CategoryRow): WireCategory => ({ id: c.id, name: c.name, name_eng: c.nameEng, type: c.type }),

  music: (m: MusicItem): WireMusic => ({
    id: m.id,
    slug: m.slug,
    title: m.title,
    title_eng: m.titleEng,
    description: m.description,
    description_eng: m.descriptionEng,
    category: categoryRef(m.category),
    img: m.img,
    link: m.link || null,
    videos: m.videos || null,
    music_tracks: tracks(m.tracks),
  }),

  news: (n: NewsItem): WireNews => ({
    id: n.id,
    slug: n.slug,
    title: n.title,
    title_eng: n.titleEng,
    description: n.description,
    description_eng: n.descriptionEng,
    date: n.date,
    image: n.image,
    category: categoryRef(n.category),
    attachments: files(n.attachments),
  }),

  /** Staff reads and write answers: the public shape, plus its publication when visitors do not see it yet. */
  staffMusic: (m: MusicItem): WireMusic & WirePublication => ({ ...wire.music(m), ...publication(m) }),
  staffNews: (n: NewsItem): WireNews & WirePublication => ({ ...wire.news(n), ...publication(n) }),

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
};

/**
 * Wire body fields -> the names the domain parsers read. The domain schemas already use the
 * SPEC names (name_eng, title_eng, description_eng), so the request side is the identity apart
 * from the file fields handled by the routes.
 */
export const CATEGORY_FIELDS = ["name", "name_eng", "type"] as const;
export const NEWS_FIELDS = ["category", "title", "title_eng", "description", "description_eng", "date", ...PUBLICATION_FIELDS] as const;
export const MUSIC_FIELDS = ["category", "title", "title_eng", "description", "description_eng", "link", "videos", "mode", ...PUBLICATION_FIELDS] as const;
