// issue 22: /healthz said nothing of the release, there was no readiness check and no metrics, and the
// first start's staff password was a line of Italian text. Now: /healthz (liveness, version and commit),
// /readyz (database, disk, mail), /metrics in Prometheus text, not public; the password one JSON line.
import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { HttpClient } from "../support/http";
import { serverPerFile, sharedDemoServer } from "../support/server";

const METRICS_TOKEN = "metrics-token-for-the-test";
// A first start on a new folder without ADMIN_USERNAME/ADMIN_PASSWORD, /metrics behind a token.
const server = serverPerFile({ template: "none", env: { SEED_DEMO: "0", ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, METRICS_TOKEN } });
// No METRICS_TOKEN there: /metrics answers the machine itself only.
const shared = sharedDemoServer();

const jsonLines = () =>
  server
    .stdout()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** One sample of a series in Prometheus text ("name{labels} value"), or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ""} `) || (!labels && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe("health", () => {
  it("/healthz names the release: package.json's version and the commit", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const version = JSON.parse(execFileSync("node", ["-p", "JSON.stringify(require('./package.json').version)"], { encoding: "utf8" }));
    const commit = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    // And which instance answered (INSTANCE_ID, or <hostname>-<pid>): several may run behind one load balancer.
    expect(await res.json()).toMatchObject({ status: "ok", version, commit, instance: expect.stringMatching(/^.+-\d+$/) });
    // The start line says the same.
    expect(jsonLines().find((l) => l.msg === "listening")).toMatchObject({ port: server.port, version, commit, node: process.versions.node });
  });

  it("/readyz answers 200 with each check when the site can serve", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", disk: "ok", mail: "ok" } });
  });

  it("the first start shows the staff password once, as one JSON line, and it signs in", async () => {
    const created = jsonLines().filter((l) => l.msg === "staff account created");
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ level: "warn", username: "admin", initialPassword: expect.stringMatching(/^\S{12}$/) });
    const password = String(created[0]!.initialPassword);
    expect(server.stdout().split(password)).toHaveLength(2);
    const staff = new HttpClient(server.url);
    expect((await staff.apiLogin("admin", password)).username).toBe("admin");
  });
});

describe("/metrics", () => {
  it("asks for the bearer token when METRICS_TOKEN is set", async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(401);
    const ok = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain;.*version=0\.0\.4/);
  });

  it("counts requests by route and status, their latency, page-cache hits and misses, the mail queue, the last backup and the free disk", async () => {
    const scrape = async () => (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const before = await scrape();
    const hitsBefore = sample(before, "page_cache_requests_total", 'result="hit"') ?? 0;
    const missesBefore = sample(before, "page_cache_requests_total", 'result="miss"') ?? 0;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/en/bio`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
    }
    const missing = await fetch(`${server.url}/api/news/nessuna-notizia/`);
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    // A request is counted when its answer has finished on the server's side, which a loaded
    // machine may do a moment after the client has read it.
    const text = await vi.waitFor(
      async () => {
        const scraped = await scrape();
        expect(scraped).toMatch(/^http_requests_total\{route="[^"]*",method="GET",status="404"\} \d+$/m);
        expect(scraped).toMatch(/^http_requests_total\{route="[^"]*bio[^"]*",method="GET",status="200"\} [3-9]\d*$/m);
        return scraped;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(sample(text, "page_cache_requests_total", 'result="miss"')).toBe(missesBefore + 1);
    expect(sample(text, "page_cache_requests_total", 'result="hit"')).toBe(hitsBefore + 2);
    expect(text).toMatch(/^http_requests_total\{route="[^"]*bio[^"]*",method="GET",status="200"\} [3-9]\d*$/m);
    expect(text).toMatch(/^http_requests_total\{route="[^"]*",method="GET",status="404"\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",route="[^"]*bio[^"]*"\} [3-9]\d*$/m);
    expect(sample(text, "mail_queue_length")).toBe(0);
    expect(sample(text, "last_backup_timestamp_seconds")).toBe(0);
    expect(sample(text, "disk_free_bytes")).toBeGreaterThan(0);
    expect(sample(text, "disk_free_floor_bytes")).toBeGreaterThan(0);
    // On SQLite the one process is the background leader: it ran the janitor's pass at boot.
    expect(sample(text, "site_background_leader")).toBe(1);
    expect(sample(text, "site_background_runs_total", 'task="janitor"')).toBe(1);
    expect(sample(text, "site_background_runs_total", 'task="mail_retry"')).toBeGreaterThanOrEqual(0);
  });

  it("without METRICS_TOKEN, answers this machine, but not a request a proxy forwarded", async () => {
    expect((await fetch(`${shared.url}/metrics`)).status).toBe(200);
    const forwarded = await fetch(`${shared.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(forwarded.status).toBe(403);
    expect(await forwarded.text()).toContain("METRICS_TOKEN");
  });
});
