// Types of the PostgreSQL schema generator (scripts/db/pg-schema.mjs), for its unit test.
export const SOURCE_SCHEMA: string;
export const PG_SCHEMA: string;
export function postgresqlSchema(source: string): string;
export function plan(): { schema: string; schemaChanged: boolean; migration: { name: string; sql: string } | null };
