import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../support/db";
import { HttpClient, onSocket, raw } from "../support/http";
import { ADMIN, nonJsonLines, serverPerFile } from "../support/server";

/**
 * issue 9: plain console text, no time, no request id, no access log; an expected 403 logged as
 * 'Internal Server Error'. Now: one JSON access line per request, X-Request-Id on every answer,
 * no secret in the log, a 4xx is not an error.
 */
const server = serverPerFile({ env: { SEED_DEMO: "0" } });
afterAll(async () => {});

type Line = Record<string, unknown>;
function lines(): Line[] {
  return server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line);
}

async function lineFor(reqId: string): Promise<Line[]> {
  // the access line is written when the answer finishes: wait for it
  for (let i = 0; i < 200; i++) {
    const found = lines().filter((l) => l.reqId === reqId);
    if (found.some((l) => l.msg === "request")) return found;
    await new Promise((r) => setImmediate(r));
    await fetch(`${server.url}/healthz`);
  }
  return lines().filter((l) => l.reqId === reqId);
}

describe("answers Node gives before Express (issue 20)", () => {
  it("headers too large (431), a start line Node cannot parse (400) and CONNECT (405) carry an X-Request-Id and a JSON line", async () => {
    const shapes: [number, string][] = [
      [431, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\nX-Big2: ${"b".repeat(20_000)}\r\nConnection: close\r\n\r\n`],
      [400, "GET other.example:80 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"],
      [400, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n"],
      [400, "NOT A REQUEST\r\n\r\n"],
      [405, "CONNECT other.example:443 HTTP/1.1\r\nHost: other.example:443\r\n\r\n"],
    ];
    for (const [status, request] of shapes) {
      const { head } = await onSocket(server.port, request);
      expect(head, request.slice(0, 40)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      const id = /^x-request-id: (\S+)$/im.exec(head)?.[1];
      expect(id, head).toMatch(/^[0-9a-f-]{36}$/);
      const found = await lineFor(id!);
      expect(
        found.find((l) => l.msg === "request"),
        head,
      ).toMatchObject({ level: "info", status });
    }
  });
});

describe("sign-in failures in the log (issue 20)", () => {
  it("name no one but an existing user, and a submitted name cannot forge a record", async () => {
    const typedPassword = "Password-scritta-nel-campo-utente-7";
    const forging = `x\n{"level":"error","msg":"forged"}`;
    const attempts: [string, string][] = [
      [forging, "qualunque-1"],
      [typedPassword, "qualunque-2"],
      [`${typedPassword}\r\n{"level":"error","msg":"forged"}`, "qualunque-3"],
      [ADMIN.username, "password-sbagliata"],
    ];
    for (const [username, password] of attempts) {
      const res = await raw(server.url, "POST", "/login", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: new URLSearchParams({ username, password, redirectTo: "/admin/" }).toString(),
      });
      expect(res.status, username).toBe(400);
      await lineFor(String(res.headers["x-request-id"]));
    }
    const api = new HttpClient(server.url);
    await api.token("/api/news/");
    const apiRes = await api.request("POST", "/api/login/", { json: { username: forging, password: "qualunque-4" } });
    expect(apiRes.status).toBe(400);
    await lineFor(String(apiRes.headers.get("x-request-id")));

    const output = server.output();
    const written = output.split("\n").filter((line) => line.trim() !== "");
    for (const line of written) {
      let record: Line | undefined;
      expect(() => (record = JSON.parse(line) as Line), `not a JSON line: ${line}`).not.toThrow();
      expect(record?.msg, line).not.toBe("forged");
    }
    expect(output).not.toContain(typedPassword);
    expect(output).not.toContain("qualunque");
    const failures = lines().filter((l) => String(l.msg).startsWith("sign-in failed"));
    expect(failures).toHaveLength(5);
    expect(failures.filter((l) => l.username === ADMIN.username)).toHaveLength(1);
    for (const failure of failures) expect(failure.level).toBe("warn");
  });
});

describe("logs (issue 9)", () => {
  it("one JSON access line per request, with the id the answer carries", async () => {
    const ids = new Set<string>();
    for (const path of ["/", "/en/news", "/api/news/", "/nope", "/healthz"]) {
      const res = await raw(server.url, "GET", path);
      const id = String(res.headers["x-request-id"]);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id);
      const found = await lineFor(id);
      const access = found.filter((l) => l.msg === "request");
      expect(access).toHaveLength(1);
      expect(access[0]).toMatchObject({ level: "info", method: "GET", path, status: res.status });
      expect(typeof access[0]!.time).toBe("string");
      expect(typeof access[0]!.durationMs).toBe("number");
      expect(access[0]!.ip).toBeTruthy();
    }
    expect(ids.size).toBe(5);
  });

  it("keeps a proxy's X-Request-Id (TRUST_PROXY is set in tests)", async () => {
    const res = await raw(server.url, "GET", "/bio", { headers: { "X-Request-Id": "proxy-abc.123" } });
    expect(res.headers["x-request-id"]).toBe("proxy-abc.123");
    const bad = await raw(server.url, "GET", "/bio", { headers: { "X-Request-Id": "no spaces <allowed>" } });
    expect(bad.headers["x-request-id"]).not.toBe("no spaces <allowed>");
  });

  it("signing in logs the staff id and no password, cookie or token; a 403 is not an error", async () => {
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password, redirectTo: "/admin/" }),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const admin = await raw(server.url, "GET", "/admin/", { headers: { Cookie: cookie } });
    expect(admin.status).toBe(200);
    const access = (await lineFor(String(admin.headers["x-request-id"]))).find((l) => l.msg === "request");
    expect(access?.userId).toEqual(expect.any(Number));
    const forged = await raw(server.url, "POST", "/contacts", {
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(forged.status).toBe(403);
    const forgedLines = await lineFor(String(forged.headers["x-request-id"]));
    expect(forgedLines.map((l) => l.level)).toEqual(["info"]);
    const output = server.output();
    expect(output).not.toContain(ADMIN.password);
    expect(output).not.toContain("staff_session=");
    expect(output).not.toMatch(/csrftoken=\w/);
    expect(output).not.toContain("Internal Server Error");
  });
});

/** The jq filters docs/operations.md shows (`jq 'FILTER'` or `jq -r 'FILTER'`), as written there. */
function documentedFilters(): { flags: string[]; filter: string }[] {
  const doc = fs.readFileSync("docs/operations.md", "utf8");
  return [...doc.matchAll(/jq((?: -[a-z])*) '([^']+)'/g)].map((m) => ({ flags: (m[1] ?? "").trim().split(/\s+/).filter(Boolean), filter: m[2]! }));
}

const hasJq = spawnSync("jq", ["--version"]).status === 0;

/**
 * Runs a documented filter over the log: with jq when it is installed, else the same filter in
 * JavaScript for the forms the guide uses (`select(.FIELD=="VALUE")`, optionally `| .FIELD`).
 */
function jq(flags: string[], filter: string, log: string): { status: number | null; out: string } {
  if (hasJq) {
    const result = spawnSync("jq", [...flags, "-c", filter], { input: log, encoding: "utf8" });
    return { status: result.status, out: result.stdout + result.stderr };
  }
  const form = /^select\(\.(\w+)=="([^"]*)"\)(?: \| \.(\w+))?$/.exec(filter);
  if (!form) throw new Error(`no JavaScript twin for the filter ${filter}: install jq`);
  const picked = log
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l[form[1]!] === form[2]);
  return { status: 0, out: picked.map((l) => (form[3] ? String(l[form[3]]) : JSON.stringify(l))).join("\n") };
}

describe("docs/operations.md, Logs (issue 22)", () => {
  it("every stdout line is JSON, an api error carries its request id, and the documented jq filters work as written", async () => {
    // An api/ read that fails inside the server: its table is away for one request.
    run(server, `ALTER TABLE "Category" RENAME TO "CategoryAway"`);
    let failed: Response;
    try {
      failed = await fetch(`${server.url}/api/category/?type=news`);
    } finally {
      run(server, `ALTER TABLE "CategoryAway" RENAME TO "Category"`);
    }
    expect(failed.status).toBe(500);
    const reqId = String(failed.headers.get("x-request-id"));
    const error = (await lineFor(reqId)).find((l) => l.level === "error");
    expect(error).toMatchObject({ reqId, msg: "api request failed" });

    const stdout = server.stdout();
    expect(nonJsonLines(stdout)).toEqual([]);
    const filters = documentedFilters();
    expect(filters.map((f) => f.filter)).toEqual(expect.arrayContaining(['select(.reqId=="<id>")', 'select(.level=="error")']));
    for (const { flags, filter } of filters) {
      const result = jq(flags, filter.replaceAll("<id>", reqId), stdout);
      expect(result.status, `jq ${flags.join(" ")} '${filter}'\n${result.out}`).toBe(0);
      if (filter === 'select(.reqId=="<id>")') {
        const picked = result.out
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Line);
        expect(picked.map((l) => l.msg)).toEqual(expect.arrayContaining(["api request failed", "request"]));
        expect(picked.every((l) => l.reqId === reqId)).toBe(true);
      }
      if (filter === 'select(.level=="error")') expect(result.out).toContain(`"reqId":"${reqId}"`);
    }
  });
});
