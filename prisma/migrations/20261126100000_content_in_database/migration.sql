-- Issue 23: the content of SPEC.md 7 (hero slides, biography, labels, ...) moves from JSON files into the
-- database. The rows are filled by the import at the first start after this migration (the shipped files
-- and any DATA_DIR/content overrides, app/server/domain/content.server.ts), after its backup.
CREATE TABLE "ContentList" (
    "kind" TEXT NOT NULL PRIMARY KEY,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "ContentItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "data" TEXT NOT NULL,
    CONSTRAINT "ContentItem_kind_fkey" FOREIGN KEY ("kind") REFERENCES "ContentList" ("kind") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "ContentItem_kind_position_key" ON "ContentItem"("kind", "position");
