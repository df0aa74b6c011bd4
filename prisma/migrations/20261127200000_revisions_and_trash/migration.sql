-- Issue 24: revisions of news, music and content pages, and the trash (ADR 027). New tables and one
-- nullable column: every row of the previous release stays as it is. Items saved before the upgrade
-- get a "baseline" revision (their state then) at their first save, so that save can be undone too.
ALTER TABLE "Activity" ADD COLUMN "revisionId" INTEGER;

CREATE TABLE "Revision" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "itemKey" TEXT NOT NULL,
    "snapshot" TEXT NOT NULL,
    "files" TEXT NOT NULL DEFAULT '[]',
    "action" TEXT NOT NULL,
    "restoredFrom" INTEGER,
    "userId" INTEGER,
    "username" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "Revision_kind_itemKey_id_idx" ON "Revision"("kind", "itemKey", "id");
CREATE INDEX "Revision_createdAt_idx" ON "Revision"("createdAt");

CREATE TABLE "TrashEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "itemId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "snapshot" TEXT NOT NULL,
    "files" TEXT NOT NULL DEFAULT '[]',
    "userId" INTEGER,
    "username" TEXT NOT NULL,
    "deletedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "TrashEntry_kind_itemId_idx" ON "TrashEntry"("kind", "itemId");
CREATE INDEX "TrashEntry_deletedAt_idx" ON "TrashEntry"("deletedAt");
