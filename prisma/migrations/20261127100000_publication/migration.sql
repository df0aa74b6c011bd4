-- Issue 24: drafts, scheduled publishing and preview links. Columns are added (no table rebuild, so
-- the attachments and tracks that cascade from News and Music are never touched). Existing rows are
-- published with no publication time: visible as before (domain/publication.server.ts).
ALTER TABLE "News" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "News" ADD COLUMN "publishAt" DATETIME;
CREATE INDEX "News_status_publishAt_idx" ON "News"("status", "publishAt");

ALTER TABLE "Music" ADD COLUMN "status" TEXT NOT NULL DEFAULT 'published';
ALTER TABLE "Music" ADD COLUMN "publishAt" DATETIME;
CREATE INDEX "Music_status_publishAt_idx" ON "Music"("status", "publishAt");

CREATE TABLE "PreviewLink" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "newsId" INTEGER,
    "musicId" INTEGER,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "revokedAt" DATETIME,
    CONSTRAINT "PreviewLink_newsId_fkey" FOREIGN KEY ("newsId") REFERENCES "News" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PreviewLink_musicId_fkey" FOREIGN KEY ("musicId") REFERENCES "Music" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PreviewLink_tokenHash_key" ON "PreviewLink"("tokenHash");
CREATE INDEX "PreviewLink_newsId_idx" ON "PreviewLink"("newsId");
CREATE INDEX "PreviewLink_musicId_idx" ON "PreviewLink"("musicId");
