// Issue 23: a site that imported the demo content of an earlier release keeps its links to invented
// `.example` hosts and the platforms' bare homepages in its ContentItem rows; the upgrade replaces them as
// the shipped files now do (migration 20261128300000_demo_links_without_example_hosts), and only where
// the stored value is still the old demo's. tests/fixtures/demo-content-before-links holds the three
// shipped files of that release (`git show 4fc656f^:content/data/<name>.json`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { row, run } from "../support/db";
import { SERVER_TEST, startServer, type TestServer } from "../support/server";

const LINKS_MIGRATION = "20261128300000_demo_links_without_example_hosts";
const KINDS = ["artistic_direction", "follows", "lable"] as const;
const OWNER_LINK = "https://www.elenamarchetti.it/pianoforte-e-memoria";

const cleanup: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
});

const oldDemo = (kind: string) => fs.readFileSync(path.join("tests", "fixtures", "demo-content-before-links", `${kind}.json`), "utf8");
const shipped = (kind: string) =>
  JSON.parse(fs.readFileSync(path.join("content", "data", `${kind}.json`), "utf8")) as Record<string, Record<string, unknown>[]>;

it("an upgraded site that imported the old demo gets its links replaced, and an owner's changed link stays", SERVER_TEST, async () => {
  // The previous release: every migration before this one, the old demo imported into the database
  // (given here as DATA_DIR/content files, which the first start imports like the shipped ones).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-demo-links-"));
  const migrationsDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-previous-migrations-"));
  cleanup.push(dataDir, migrationsDir);
  fs.cpSync("prisma/migrations", migrationsDir, { recursive: true });
  fs.rmSync(path.join(migrationsDir, LINKS_MIGRATION), { recursive: true, force: true });
  fs.mkdirSync(path.join(dataDir, "content"));
  for (const kind of KINDS) fs.writeFileSync(path.join(dataDir, "content", `${kind}.json`), oldDemo(kind));
  const previous = await startServer({ dataDir, env: { SEED_DEMO: "0", MIGRATIONS_DIR: migrationsDir } });
  servers.push(previous);
  expect(await (await fetch(`${previous.url}/data/lable.json`)).text()).toContain("aulicusclassics.example");
  expect(await (await fetch(`${previous.url}/en`)).text()).toContain('href="https://www.instagram.com/"');
  // The owner changed one work's link (still on the old release).
  const piano = row<{ id: number; data: string }>(
    previous,
    `SELECT id, data FROM ContentItem WHERE kind = 'artistic_direction' AND json_extract(data, '$.id') = 2`,
  );
  run(previous, `UPDATE ContentItem SET data = json_set(data, '$.link', ?) WHERE id = ?`, OWNER_LINK, piano.id);
  expect(await previous.stop()).toBe(0);
  servers.pop();

  const upgraded = await startServer({ dataDir, env: { SEED_DEMO: "0" } });
  servers.push(upgraded);
  const expected = Object.fromEntries(KINDS.map((kind) => [kind, shipped(kind)]));
  const works = expected.artistic_direction!.artistic_direction!;
  works[works.findIndex((work) => work.id === 2)]!.link = OWNER_LINK;
  for (const kind of KINDS) {
    const answer = await (await fetch(`${upgraded.url}/data/${kind}.json`)).text();
    expect(JSON.parse(answer), kind).toEqual(expected[kind]);
    expect(answer, kind).not.toMatch(/\.example\b/);
  }
  // The home page shows no follow icon without an address any more.
  expect(await (await fetch(`${upgraded.url}/en`)).text()).not.toContain("instagram.com");
  // The same start that migrated took its backup first.
  expect(fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.startsWith("pre-migrate-"))).toHaveLength(1);
});
