// The in-process harness (tests/support/in-process.ts) itself: several instances of the production build
// in one test process must share no state. The first version shared the database client, kept on
// globalThis by db.server.ts for the dev server's reloads, so a second server read the first one's
// database (and, once that folder was deleted, failed to boot with "The table `main.User` does not exist").
import { describe, expect, it } from "vitest";
import { appPerFile } from "../support/in-process";

const demo = appPerFile();
const empty = appPerFile({ env: { SEED_DEMO: "0" } });

describe("two in-process servers in one process", () => {
  it("each reads its own data folder", async () => {
    const count = async (url: string) => Number((await fetch(`${url}/api/music/`)).headers.get("x-total-count"));
    expect(await count(demo.url)).toBeGreaterThan(0);
    expect(await count(empty.url)).toBe(0);
  });
});
