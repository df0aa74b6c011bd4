// Issue 10 ("Names", "CSS and UI code"): every colour is a token, each class is defined in one
// place, and no name in app/ tells how the work was split (public1/public2).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const STYLES = path.resolve("app/styles");
const ours = fs
  .readdirSync(STYLES)
  .filter((f) => f.endsWith(".css"))
  .map((f) => ({ file: f, css: fs.readFileSync(path.join(STYLES, f), "utf8").replace(/\/\*[\s\S]*?\*\//g, "") }));

/** Top-level rules (inside @layer blocks, outside @media/@keyframes): selector -> files defining it. */
function baseRules(css: string): string[] {
  const selectors: string[] = [];
  const stack: string[] = [];
  let prelude = "";
  for (const ch of css) {
    if (ch === "{") {
      const head = prelude.trim();
      if (!stack.some((s) => s.startsWith("@media") || s.startsWith("@keyframes")) && !head.startsWith("@")) {
        for (const selector of head.split(",")) selectors.push(selector.trim().replace(/\s+/g, " "));
      }
      stack.push(head);
      prelude = "";
    } else if (ch === "}") {
      stack.pop();
      prelude = "";
    } else if (ch === ";") {
      prelude = "";
    } else {
      prelude += ch;
    }
  }
  return selectors;
}

describe("stylesheets", () => {
  it("no colour literal outside the tokens", () => {
    const literals = ours
      .filter(({ file }) => file !== "tokens.css")
      .flatMap(({ file, css }) => (css.match(/#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/g) ?? []).map((m) => `${file}: ${m}`));
    expect(literals).toEqual([]);
  });

  it("each selector is defined in one file only (media queries aside)", () => {
    const where = new Map<string, Set<string>>();
    for (const { file, css } of ours) {
      for (const selector of baseRules(css)) where.set(selector, (where.get(selector) ?? new Set()).add(file));
    }
    const twice = [...where].filter(([, files]) => files.size > 1).map(([selector, files]) => `${selector}: ${[...files].join(", ")}`);
    expect(twice).toEqual([]);
    // the shared classes that once had two meanings are defined once, with named variants
    expect(where.get(".section-title")?.size).toBe(1);
    expect(where.get(".card-grid")?.size).toBe(1);
    expect(where.get(".pill")?.size).toBe(1);
  });

  it("every rule sits in a cascade layer", () => {
    const layerOrder = fs.readFileSync(path.join(STYLES, "layers.css"), "utf8");
    expect(layerOrder).toMatch(/@layer reset, tokens, base, vendor, layout, components, utilities;/);
    for (const { file, css } of ours) {
      if (file === "layers.css" || file === "site.css") continue;
      const outside = css
        .replace(/@import[^;]*;/g, "")
        .replace(/@layer [\w-]+ \{[\s\S]*\}\s*$/, "")
        .trim();
      expect(outside, file).toBe("");
    }
  });
});

describe("names by domain", () => {
  it("no file name or text in app/ says public1 or public2", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "generated") walk(full);
          continue;
        }
        if (/public[12]/.test(entry.name) || /public[12]/.test(fs.readFileSync(full, "utf8"))) found.push(path.relative(".", full));
      }
    };
    walk(path.resolve("app"));
    expect(found).toEqual([]);
  });
});
