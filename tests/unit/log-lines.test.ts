// The logger's lines (core/log.mjs) as an operator's `jq` reads them: one JSON object each.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** What one script run of the logger prints, as parsed lines. */
function linesOf(body: string): Record<string, unknown>[] {
  const script = `import { createLogger } from "./core/log.mjs"; const log = createLogger(); ${body}`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  return out
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("error fields in log lines", () => {
  it("keeps an error's message, stack and scalar fields, and drops the objects a library hangs on it", () => {
    // node-postgres's idle-connection error carries the whole client (its connection settings, a 7 KB line in CI).
    const [line] = linesOf(`
      const error = Object.assign(new Error("Connection terminated unexpectedly"), {
        code: "57P01",
        client: { connectionParameters: { user: "site", password: "hunter2", host: "127.0.0.1" }, _types: { big: "x".repeat(5000) } },
      });
      log.warn({ err: error }, "idle database connection closed by the server");
    `);
    const err = line?.err as Record<string, unknown>;
    expect(err.message).toBe("Connection terminated unexpectedly");
    expect(err.code).toBe("57P01");
    expect(err.type).toBe("Error");
    expect(String(err.stack)).toContain("Connection terminated unexpectedly");
    expect(err).not.toHaveProperty("client");
    expect(JSON.stringify(line)).not.toContain("hunter2");
    expect(JSON.stringify(line).length).toBeLessThan(2000);
  });

  it("keeps the cause of an error", () => {
    const [line] = linesOf(`log.error({ err: new Error("save failed", { cause: new Error("disk full") }) }, "x");`);
    expect(JSON.stringify(line?.err)).toContain("disk full");
  });
});
