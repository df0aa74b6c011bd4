-- Issue 36: concerts (Event), their programmes (EventWork) and preview links to a concert.
-- CreateTable
CREATE TABLE "Event" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "titleEng" TEXT NOT NULL DEFAULT '',
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME,
    "eventStatus" TEXT NOT NULL DEFAULT 'scheduled',
    "venue" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "address" TEXT NOT NULL DEFAULT '',
    "ticketUrl" TEXT,
    "performers" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "descriptionEng" TEXT NOT NULL DEFAULT '',
    "image" TEXT,
    "status" TEXT NOT NULL DEFAULT 'published',
    "publishAt" DATETIME,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "EventWork" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "eventId" INTEGER NOT NULL,
    "musicId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "premiere" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "EventWork_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EventWork_musicId_fkey" FOREIGN KEY ("musicId") REFERENCES "Music" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PreviewLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "newsId" INTEGER,
    "musicId" INTEGER,
    "eventId" INTEGER,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    CONSTRAINT "PreviewLink_newsId_fkey" FOREIGN KEY ("newsId") REFERENCES "News" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PreviewLink_musicId_fkey" FOREIGN KEY ("musicId") REFERENCES "Music" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PreviewLink_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "Event" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_PreviewLink" ("createdAt", "createdBy", "expiresAt", "id", "musicId", "newsId", "revokedAt", "tokenHash") SELECT "createdAt", "createdBy", "expiresAt", "id", "musicId", "newsId", "revokedAt", "tokenHash" FROM "PreviewLink";
DROP TABLE "PreviewLink";
ALTER TABLE "new_PreviewLink" RENAME TO "PreviewLink";
CREATE UNIQUE INDEX "PreviewLink_tokenHash_key" ON "PreviewLink"("tokenHash");
CREATE INDEX "PreviewLink_newsId_idx" ON "PreviewLink"("newsId");
CREATE INDEX "PreviewLink_musicId_idx" ON "PreviewLink"("musicId");
CREATE INDEX "PreviewLink_eventId_idx" ON "PreviewLink"("eventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Event_slug_key" ON "Event"("slug");

-- CreateIndex
CREATE INDEX "Event_startsAt_idx" ON "Event"("startsAt");

-- CreateIndex
CREATE INDEX "Event_status_publishAt_idx" ON "Event"("status", "publishAt");

-- CreateIndex
CREATE INDEX "EventWork_eventId_position_idx" ON "EventWork"("eventId", "position");

-- CreateIndex
CREATE INDEX "EventWork_musicId_idx" ON "EventWork"("musicId");

