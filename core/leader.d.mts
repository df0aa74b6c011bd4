// Types of core/leader.mjs for the app.
export const BACKGROUND_LEADER_LOCK: number;
export const LEADER_APPLICATION_PREFIX: string;
export const LEADER_HOLDER_SQL: string;
