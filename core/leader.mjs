// The background leader's advisory lock on PostgreSQL, named once for the server
// (app/server/storage/background-leader.server.ts) and `npm run doctor`, which asks who holds it.

/**
 * The key of the session-level advisory lock whose holder runs the periodic passes (janitor, mail
 * retries). A fixed number below 2^31, so pg_locks shows it as classid 0, objid KEY, objsubid 1.
 */
export const BACKGROUND_LEADER_LOCK = 26_262_626;

/** The application_name of the leader's connection: `site leader <instance>` (pg_stat_activity shows it). */
export const LEADER_APPLICATION_PREFIX = "site leader ";

/**
 * The holder of the lock in the current database, with its instance (from application_name), or no
 * row. $1 is BACKGROUND_LEADER_LOCK.
 */
export const LEADER_HOLDER_SQL = `SELECT a.application_name, a.backend_start
  FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
  WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
