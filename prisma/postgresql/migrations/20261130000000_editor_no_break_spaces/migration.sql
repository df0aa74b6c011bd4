-- The change of SQLite migration 20261130000000_editor_no_break_spaces.
-- CreateTable
CREATE TABLE "DataRepair" (
    "name" TEXT NOT NULL,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "DataRepair_pkey" PRIMARY KEY ("name")
);


-- From prisma/postgresql/extra/20261130000000_editor_no_break_spaces.sql (what the Prisma schema cannot say)
-- As SQLite's migration 20261130000000_editor_no_break_spaces: the next start repairs the no-break spaces the old
-- editor stored (app/server/domain/data-repairs.server.ts).
INSERT INTO "DataRepair" ("name") VALUES ('editor-no-break-spaces');
