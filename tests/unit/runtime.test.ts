// The one check of the running Node (core/runtime.mjs): every entry script and npm run doctor make it.
import { describe, expect, it } from "vitest";
import { SUPPORTED_NODE, unsupportedNode } from "../../core/runtime.mjs";

describe("the Node the site runs on (ADR 037)", () => {
  it("package.json's engines is one caret range of Node 24", () => {
    expect(SUPPORTED_NODE).toMatch(/^\^24\.\d+\.\d+$/);
  });

  it("takes that major at or above the range's minor and patch", () => {
    expect(unsupportedNode("24.11.0", "^24.11.0")).toBeNull();
    expect(unsupportedNode("24.11.1", "^24.11.0")).toBeNull();
    expect(unsupportedNode("24.21.0", "^24.11.0")).toBeNull();
    expect(unsupportedNode(process.versions.node)).toBeNull();
  });

  it("refuses an older or a newer major, and an older 24, in one line that says what to run instead", () => {
    expect(unsupportedNode("20.20.2", "^24.11.0")).toBe(
      "Node 20.20.2 cannot run this site (package.json's engines: ^24.11.0): run it through npm (npm start, npm run <script>, or npm exec -- node <file>), which uses the Node 24 that npm ci installs in node_modules/.bin",
    );
    expect(unsupportedNode("22.23.3", "^24.11.0")).toMatch(/^Node 22\.23\.3 cannot run this site/);
    expect(unsupportedNode("24.10.9", "^24.11.0")).toMatch(/^Node 24\.10\.9 cannot run this site/);
    expect(unsupportedNode("25.1.0", "^24.11.0")).toMatch(/^Node 25\.1\.0 cannot run this site/);
  });

  it("refuses to read an engines range of another form rather than misread it", () => {
    expect(() => unsupportedNode("24.21.0", ">=24")).toThrow(/one caret range/);
    expect(() => unsupportedNode("24.21.0", "^20.19.0 || ^24.11.0")).toThrow(/one caret range/);
  });
});
