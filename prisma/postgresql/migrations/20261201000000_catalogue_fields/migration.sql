-- Issue 36: the catalogue data of a composition (lib/music-fields.ts), every column nullable or with a default,
-- so the rows of the previous release keep everything and simply have none of it yet; and uploads of perusal scores.
-- AlterEnum
ALTER TYPE "UploadKind" ADD VALUE 'score';
-- AlterTable
ALTER TABLE "Music" ADD COLUMN     "commission" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "commissionEng" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "durationMinutes" DOUBLE PRECISION,
ADD COLUMN     "ensemble" TEXT,
ADD COLUMN     "instrumentation" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "instrumentationEng" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "instruments" TEXT NOT NULL DEFAULT '[]',
ADD COLUMN     "premiere" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "premiereEng" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "publisher" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "score" TEXT,
ADD COLUMN     "scoreOriginal" TEXT,
ADD COLUMN     "scorePages" INTEGER,
ADD COLUMN     "year" INTEGER;
