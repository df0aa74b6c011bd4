-- The change of SQLite migration 20261204000000_visit_and_play_stats.
-- CreateTable
CREATE TABLE "VisitDay" (
    "day" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "VisitDay_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "PageVisitDay" (
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "lang" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PageVisitDay_pkey" PRIMARY KEY ("day","path","lang")
);

-- CreateTable
CREATE TABLE "VisitTallyDay" (
    "day" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "VisitTallyDay_pkey" PRIMARY KEY ("day","dimension","value")
);

-- CreateTable
CREATE TABLE "VisitSalt" (
    "day" TEXT NOT NULL,
    "salt" TEXT NOT NULL,

    CONSTRAINT "VisitSalt_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "VisitorMark" (
    "day" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "VisitorMark_pkey" PRIMARY KEY ("day","scope","hash")
);

-- CreateTable
CREATE TABLE "PlayDay" (
    "day" TEXT NOT NULL,
    "musicId" INTEGER NOT NULL,
    "trackId" INTEGER NOT NULL,
    "started" INTEGER NOT NULL DEFAULT 0,
    "played30s" INTEGER NOT NULL DEFAULT 0,
    "completed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PlayDay_pkey" PRIMARY KEY ("day","musicId","trackId")
);

-- CreateIndex
CREATE INDEX "PlayDay_musicId_idx" ON "PlayDay"("musicId");


