-- A category name is unique per type whatever its case, as on SQLite (prisma/migrations/20261122060000_category_unique_name):
-- the same expression index. PostgreSQL's lower() folds more than ASCII; the domain
-- (app/server/domain/categories.server.ts) refuses the other case variants before they reach it on either database.
CREATE UNIQUE INDEX "Category_type_name_key" ON "Category"("type", lower("name"));
