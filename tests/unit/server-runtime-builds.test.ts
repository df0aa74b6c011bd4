// Which builds of React and React Router the server runs (ADR 034). React Router's package exports give
// Node only its development build; it stays, because that build differs from the production one by a
// switch of development warnings alone (no measurable cost per render). The first test fails when an
// upgrade makes the two differ in anything else: measure again, and alias the production build if it
// costs (ADR 034). The second checks that the server's environment loads React's production builds.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverProcessEnv } from "../../core/config.mjs";

const REACT_ROUTER_DIST = path.resolve("node_modules/react-router/dist");
/** The one line the two builds differ by (dist/development says true, dist/production false). */
const DEV_WARNINGS = /var ENABLE_DEV_WARNINGS = (true|false);/g;

/** The JavaScript files of a build folder, each with its hashed chunk names (chunk-AB12CD34.js, _chunkAB12CD34js) made neutral. */
function buildFiles(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.m?js$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const neutral = (text: string) => text.replace(/chunk-?[A-Z0-9]{8}/g, "chunk");
    files.set(neutral(path.relative(folder, file)) + `#${files.size}`, neutral(fs.readFileSync(file, "utf8")));
  }
  return files;
}

describe("the server's runtime builds (ADR 034)", () => {
  it("React Router's development build differs from its production build only by its development-warnings switch", () => {
    const development = [...buildFiles(path.join(REACT_ROUTER_DIST, "development")).values()];
    const production = [...buildFiles(path.join(REACT_ROUTER_DIST, "production")).values()];
    expect(development.length).toBeGreaterThan(0);
    // The switch is there (so the comparison below is not vacuous), on in one build and off in the other.
    expect(
      development
        .join("\n")
        .match(DEV_WARNINGS)
        ?.every((line) => line.endsWith("true;")),
    ).toBe(true);
    expect(
      production
        .join("\n")
        .match(DEV_WARNINGS)
        ?.every((line) => line.endsWith("false;")),
    ).toBe(true);
    const withoutSwitch = (texts: string[]) => texts.map((text) => text.replace(DEV_WARNINGS, "var ENABLE_DEV_WARNINGS = x;")).sort();
    expect(withoutSwitch(development)).toEqual(withoutSwitch(production));
  });

  it("the server's environment loads React's and React DOM's production builds", () => {
    const loaded = execFileSync(
      process.execPath,
      [
        "-e",
        "require('react'); require('react-dom/server'); console.log(Object.keys(require.cache).filter((f) => /react(-dom)?[\\\\/]cjs/.test(f)).join('\\n'))",
      ],
      // As `npm start` starts it (scripts/start.mjs): production unless NODE_ENV says otherwise.
      { env: serverProcessEnv({}), encoding: "utf8" },
    )
      .trim()
      .split("\n");
    expect(loaded.some((file) => file.endsWith("react.production.js"))).toBe(true);
    expect(loaded.some((file) => file.includes("react-dom-server") && file.endsWith(".production.js"))).toBe(true);
    expect(loaded.filter((file) => file.includes("development"))).toEqual([]);
  });
});
