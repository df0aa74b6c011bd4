// Issue 22: better-sqlite3 11 compiled for Node 24 loads, then aborts the process (SIGABRT, "Assertion
// failed: (env) != nullptr") when the garbage collector frees a statement: the image on Node 24 died in
// `npm run backup` and while seeding. npm start refuses that pairing in one line before it starts.
import { describe, expect, it } from "vitest";
import { SUPPORTED_NODE, unsafePairing, unsupportedNode } from "../../scripts/ops/runtime.mjs";

describe("Node and better-sqlite3 pairings npm start refuses", () => {
  it("better-sqlite3 before 13 under Node 24 or newer: one line naming both and the Node to use", () => {
    expect(unsafePairing("24.21.0", "11.10.0")).toBe(
      "better-sqlite3 11.10.0 aborts under Node 24.21.0 when it frees a statement: run bash scripts/ops/better-sqlite3-for-node.sh use (better-sqlite3 13 for Node 24), or run the site with Node 22 or 20",
    );
    expect(unsafePairing("25.1.0", "12.11.1")).toMatch(/^better-sqlite3 12\.11\.1 aborts under Node 25\.1\.0/);
  });

  it("better-sqlite3 13 under Node 20: one line instead of the segmentation fault it is when loaded", () => {
    expect(unsafePairing("20.20.2", "13.2.0")).toBe(
      "better-sqlite3 13.2.0 crashes Node 20.20.2 (it needs Node 22 or newer): run bash scripts/ops/better-sqlite3-for-node.sh restore (the lock's better-sqlite3 for Node 20), or run the site with Node 22 or 24",
    );
  });

  it("the pairings that work: better-sqlite3 11 under Node 20 and 22, better-sqlite3 13 under Node 24", () => {
    expect(unsafePairing("20.20.2", "11.10.0")).toBeNull();
    expect(unsafePairing("22.23.3", "11.10.0")).toBeNull();
    expect(unsafePairing("24.21.0", "13.2.0")).toBeNull();
  });
});

describe("the Node versions the site supports (package.json's engines; npm run doctor's runtime check)", () => {
  it("accepts Node 20.19+, 22.12+ and 24 LTS, and refuses the rest in one line naming the range", () => {
    for (const version of ["20.19.0", "20.20.2", "22.12.0", "24.11.0", "24.21.0"]) expect(unsupportedNode(version)).toBeNull();
    for (const version of ["18.20.4", "20.18.3", "21.7.3", "23.11.0", "25.1.0"]) {
      expect(unsupportedNode(version)).toBe(`Node ${version} is not supported: package.json's engines asks for ${SUPPORTED_NODE}`);
    }
  });
});
