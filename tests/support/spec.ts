// The api/ JSON shapes of SPEC.md section 3, to compare answers against (music's title_eng: issue 23's addition).
export const KEYS = {
  category: ["id", "name", "name_eng", "type"],
  categoryRef: ["id", "name", "name_eng"],
  // Issue 36 added the catalogue fields (lib/music-fields.ts).
  music: [
    "category",
    "commission",
    "commission_eng",
    "description",
    "description_eng",
    "duration_minutes",
    "ensemble",
    "id",
    "img",
    "instrumentation",
    "instrumentation_eng",
    "instruments",
    "link",
    "music_tracks",
    "premiere",
    "premiere_eng",
    "publisher",
    "score_pages",
    "score_url",
    "slug",
    "title",
    "title_eng",
    "videos",
    "year",
  ],
  news: ["attachments", "category", "date", "description", "description_eng", "id", "image", "slug", "title", "title_eng"],
  activity: ["date", "description", "id", "user_data"],
  user: ["email", "first_name", "groups", "id", "is_staff", "is_superuser", "last_name", "username"],
  upload: ["display_name", "file_name", "temp_name"],
  file: ["name", "url"],
  /** A track of music_tracks: SPEC.md's file plus its stream and its English name (issue 25). */
  track: ["duration", "loudness_lufs", "name", "name_eng", "peaks_url", "state", "stream_type", "stream_url", "url"],
};

export const keys = (o: object) => Object.keys(o).sort();
