-- The single row every content write bumps, as SQLite's migration 20261122040000_content_version makes it
-- (data, which the Prisma schema does not carry).
INSERT INTO "ContentVersion" ("id", "version") VALUES (1, 0);
