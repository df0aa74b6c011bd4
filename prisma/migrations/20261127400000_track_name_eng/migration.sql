-- Issue 25: a track's display name in English. Empty means "as in Italian" (lib/i18n.ts `localized`),
-- so every track of a previous release keeps showing today's name on English pages.
ALTER TABLE "MusicTrack" ADD COLUMN "nameEng" TEXT NOT NULL DEFAULT '';
