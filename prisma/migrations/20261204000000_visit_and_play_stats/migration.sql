-- Issue 38 (ADR 045): the daily visit and play counts, the day's salt and visitor marks (deleted when the day ends).
-- CreateTable
CREATE TABLE "VisitDay" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "views" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "PageVisitDay" (
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "path", "lang")
);

-- CreateTable
CREATE TABLE "VisitTallyDay" (
    "day" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "dimension", "value")
);

-- CreateTable
CREATE TABLE "VisitSalt" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "salt" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "VisitorMark" (
    "day" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    PRIMARY KEY ("day", "scope", "hash")
);

-- CreateTable
CREATE TABLE "PlayDay" (
    "day" TEXT NOT NULL,
    "musicId" INTEGER NOT NULL,
    "trackId" INTEGER NOT NULL,
    "started" INTEGER NOT NULL DEFAULT 0,
    "played30s" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("day", "musicId", "trackId")
);

-- CreateIndex
CREATE INDEX "PlayDay_musicId_idx" ON "PlayDay"("musicId");

