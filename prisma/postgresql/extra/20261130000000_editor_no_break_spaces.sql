-- As SQLite's migration 20261130000000_editor_no_break_spaces: the next start repairs the no-break spaces the old
-- editor stored (app/server/domain/data-repairs.server.ts).
INSERT INTO "DataRepair" ("name") VALUES ('editor-no-break-spaces');
