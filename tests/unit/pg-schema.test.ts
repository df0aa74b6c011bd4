// The PostgreSQL schema and migrations are generated from the one source schema (scripts/db/pg-schema.mjs)
// and checked in: a change to prisma/schema.prisma without `npm run db:pg-schema` fails here.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { PG_SCHEMA, plan, postgresqlSchema, SOURCE_SCHEMA } from "../../scripts/db/pg-schema.mjs";

describe("the PostgreSQL schema", () => {
  it("is in step with prisma/schema.prisma: no schema change and no migration left to generate", () => {
    const { schemaChanged, migration } = plan();
    expect({ schemaChanged, migration: migration?.name ?? null }).toEqual({ schemaChanged: false, migration: null });
  });

  it("is the source schema with the postgresql provider and a client of its own", () => {
    const schema = fs.readFileSync(PG_SCHEMA, "utf8");
    expect(schema).toBe(postgresqlSchema(fs.readFileSync(SOURCE_SCHEMA, "utf8")));
    expect(schema).toContain('provider = "postgresql"');
    expect(schema).toContain('output     = "../../app/generated/prisma-pg"');
  });
});
