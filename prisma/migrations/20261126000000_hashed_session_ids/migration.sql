-- Session rows are now keyed by the SHA-256 of the session id the staff_session cookie carries
-- (app/server/session.server.ts), so a copy of the database or a backup grants no session. The
-- column is unchanged; the rows of the previous release hold raw ids, which no cookie can reach any
-- more. They are deleted rather than converted (SQLite has no SHA-256 function, and sessions are
-- credentials, not content): staff sign in again once after the upgrade.
DELETE FROM "Session";
