-- Issue 36: the catalogue data of a composition (lib/music-fields.ts), every column nullable or with a default,
-- so the rows of the previous release keep everything and simply have none of it yet.
ALTER TABLE "Music" ADD COLUMN "year" INTEGER;
ALTER TABLE "Music" ADD COLUMN "durationMinutes" REAL;
ALTER TABLE "Music" ADD COLUMN "ensemble" TEXT;
ALTER TABLE "Music" ADD COLUMN "instrumentation" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Music" ADD COLUMN "instrumentationEng" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Music" ADD COLUMN "instruments" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "Music" ADD COLUMN "premiere" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Music" ADD COLUMN "premiereEng" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Music" ADD COLUMN "commission" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Music" ADD COLUMN "commissionEng" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Music" ADD COLUMN "publisher" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Music" ADD COLUMN "score" TEXT;
ALTER TABLE "Music" ADD COLUMN "scorePages" INTEGER;
ALTER TABLE "Music" ADD COLUMN "scoreOriginal" TEXT;
