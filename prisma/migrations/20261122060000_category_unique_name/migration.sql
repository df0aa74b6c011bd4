-- A category name is unique per type whatever its case: public URLs find a category by its name
-- case-insensitively, so "Colonne sonore" and "COLONNE SONORE" of one type made the second unreachable.
--
-- Existing duplicates are renamed first, deterministically: in each group of one type and one
-- lower-cased name the oldest row (lowest id) keeps its name, the others get " (2)", " (3)", ... in
-- id order. The same statement runs three times because a new name can meet a name that already
-- existed ("Colonne sonore (2)"); the later row of such a pair then becomes "... (2) (2)".
-- docs/operations.md tells operators how to find the renamed rows.
UPDATE "Category" SET "name" = "Category"."name" || ' (' || "d"."rank" || ')'
FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "type", lower("name") ORDER BY "id") AS "rank" FROM "Category") AS "d"
WHERE "d"."id" = "Category"."id" AND "d"."rank" > 1;

UPDATE "Category" SET "name" = "Category"."name" || ' (' || "d"."rank" || ')'
FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "type", lower("name") ORDER BY "id") AS "rank" FROM "Category") AS "d"
WHERE "d"."id" = "Category"."id" AND "d"."rank" > 1;

UPDATE "Category" SET "name" = "Category"."name" || ' (' || "d"."rank" || ')'
FROM (SELECT "id", ROW_NUMBER() OVER (PARTITION BY "type", lower("name") ORDER BY "id") AS "rank" FROM "Category") AS "d"
WHERE "d"."id" = "Category"."id" AND "d"."rank" > 1;

-- SQLite's lower() folds ASCII letters only; the domain (categories.server.ts) refuses the other
-- case variants ("CITTÀ" against "Città") and spacing variants before they reach this index.
CREATE UNIQUE INDEX "Category_type_name_key" ON "Category"("type", lower("name"));

-- The hourly sweep of abandoned uploads deletes by age.
CREATE INDEX "Upload_createdAt_idx" ON "Upload"("createdAt");
