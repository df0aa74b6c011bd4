-- The English title of a composition (issue 23). Empty for every existing row: English pages then
-- show the Italian title, as they did before.
ALTER TABLE "Music" ADD COLUMN "titleEng" TEXT NOT NULL DEFAULT '';
