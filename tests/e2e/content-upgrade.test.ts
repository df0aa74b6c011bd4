// Issue 23: a data folder of the previous release (its database migrated without the content tables, and the
// operator's edits in DATA_DIR/content) keeps every edit after the upgrade. The previous release served
// /data/{name}.json as the bytes of DATA_DIR/content/{name}.json when there was one, else of the shipped
// content/data/{name}.json (app/routes/resources/data-file.ts before this change): those are the answers "before".
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { CONTENT_KINDS, type ContentKind } from "~/lib/content-types";
import { count } from "../support/db";
import { runScript } from "../support/scripts";
import { freePort, SERVER_TEST, serverEnv, startServer, type TestServer } from "../support/server";

const CONTENT_MIGRATION = "20261126100000_content_in_database";

const cleanup: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
});

const shipped = (kind: ContentKind) => JSON.parse(fs.readFileSync(path.join("content", "data", `${kind}.json`), "utf8"));
const asFile = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

it("an upgraded data folder keeps every DATA_DIR/content edit, and the files are not read afterwards", SERVER_TEST, async () => {
  // The previous release's database: every migration before the content tables.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-content-upgrade-"));
  const migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-previous-migrations-"));
  cleanup.push(dataDir, migrationsDir);
  fs.cpSync("prisma/migrations", migrationsDir, { recursive: true });
  // That migration and every later one: a later data fix (the demo links) reads the content tables.
  for (const name of fs.readdirSync(migrationsDir))
    if (/^\d/.test(name) && name >= CONTENT_MIGRATION) fs.rmSync(path.join(migrationsDir, name), { recursive: true, force: true });
  const migrated = await runScript("scripts/migrate.mjs", [], { ...serverEnv(dataDir, await freePort()), MIGRATIONS_DIR: migrationsDir, SEED_DEMO: "0" });
  expect(migrated.code, migrated.stderr).toBe(0);

  // The operator's edits: a changed text, a removed and reordered item, an emptied list, and one file
  // written by hand (compact, another key order).
  const credits = shipped("credits");
  credits.credits[0].name = "Giulia Ferri Restaurata";
  credits.credits[0].occupation_eng = "Cello (restored)";
  const bio = shipped("bio");
  bio.bio = [bio.bio[2], bio.bio[0]];
  const follows = shipped("follows");
  follows.follows = follows.follows.map(({ path: icon, link, name, id }: Record<string, unknown>) => ({ path: icon, link, name, id }));
  const overrides: Partial<Record<ContentKind, string>> = {
    credits: asFile(credits),
    bio: asFile(bio),
    legal_notes: asFile({ legal_notes: [] }),
    follows: JSON.stringify(follows),
  };
  fs.mkdirSync(path.join(dataDir, "content"));
  for (const [kind, text] of Object.entries(overrides)) fs.writeFileSync(path.join(dataDir, "content", `${kind}.json`), text);
  const before = Object.fromEntries(
    CONTENT_KINDS.map((kind) => [kind, overrides[kind] ?? fs.readFileSync(path.join("content", "data", `${kind}.json`), "utf8")]),
  ) as Record<ContentKind, string>;

  // The upgrade: `npm start` migrates after its backup, then imports the files once.
  const server = await startServer({ dataDir, env: { SEED_DEMO: "0" } });
  servers.push(server);
  expect(fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.startsWith("pre-migrate-"))).toHaveLength(1);
  for (const kind of CONTENT_KINDS) {
    const answer = await (await fetch(`${server.url}/data/${kind}.json`)).text();
    // Same keys, same order of items; the files in the usual two-space form even byte for byte.
    expect(JSON.parse(answer), kind).toEqual(JSON.parse(before[kind]));
    if (kind !== "follows") expect(answer, kind).toBe(before[kind]);
  }
  expect(await (await fetch(`${server.url}/credits`)).text()).toContain("Giulia Ferri Restaurata");
  expect(await (await fetch(`${server.url}/en/credits`)).text()).toContain("Cello (restored)");
  expect(count(server, "ContentList")).toBe(CONTENT_KINDS.length);

  // Afterwards the files are not read: an edit on disk changes nothing, not even after a restart.
  fs.writeFileSync(path.join(dataDir, "content", "credits.json"), asFile(shipped("credits")));
  expect(await (await fetch(`${server.url}/data/credits.json`)).text()).toBe(before.credits);
  expect(await server.stop()).toBe(0);
  servers.pop();
  const again = await startServer({ dataDir, env: { SEED_DEMO: "0" } });
  servers.push(again);
  expect(await (await fetch(`${again.url}/data/credits.json`)).text()).toBe(before.credits);
  expect(await (await fetch(`${again.url}/data/legal_notes.json`)).json()).toEqual({ legal_notes: [] });
});
