-- CreateTable
CREATE TABLE "DataRepair" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "doneAt" DATETIME
);

-- Issue 35: the rich-text editor of earlier releases (Quill 2.0.3) saved every space as &nbsp;. Which of the
-- stored no-break spaces go and which stay is a rule of the application (app/server/domain/no-break-spaces.server.ts)
-- that SQL cannot say, so this migration only asks for the repair: the next start applies that rule to the rich
-- texts of the content pages, news and compositions, their revisions and the trash, in one transaction, before
-- it serves (app/server/domain/data-repairs.server.ts).
INSERT INTO "DataRepair" ("name") VALUES ('editor-no-break-spaces');
