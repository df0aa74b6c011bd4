-- CreateTable
CREATE TABLE "ContentVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- The single row every content write bumps.
INSERT INTO "ContentVersion" ("id", "version") VALUES (1, 0);
