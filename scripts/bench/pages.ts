// Pages against the production build: the static file, cached and cold pages at 32 connections,
// 50 concurrent visitors over mixed pages, and Lighthouse mobile scores with Debian's Chromium.
// Requires `npm run build` first. BENCH_ONLY=cached: the static files and the cached pages only (what
// visit counting costs them, ADR 045). BENCH_SECONDS (default 8), BENCH_VISITOR_SECONDS (default 60),
// BENCH_LIGHTHOUSE=0 to skip Lighthouse, BENCH_NODE_ARGS for the servers, BENCH_ONLY=render (the static
// files and the renders only), `-- --cpu-prof` (a CPU profile of the rendering server, under /tmp).
// Lighthouse knobs: BENCH_ONLY=lighthouse (skip the throughput runs), BENCH_LIGHTHOUSE_PAGES
// ("/news,/en/bio": only these), BENCH_LIGHTHOUSE_RUNS (default 1: each page N times, the median
// performance run is printed), BENCH_LIGHTHOUSE_JSON (a folder: keep each run's raw report there).
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { freePort } from "../free-port.mjs";
import { dataDirEnv, readConfig } from "../../core/config.mjs";
import { benchSettings, childEnv } from "./settings";
import { firstLoadJavaScript } from "./first-load";

const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";
const PAGES = ["/", "/news", "/compositions", "/en/bio"];
const LIGHTHOUSE_PAGES = ["/", "/compositions", "/news", "/gallery", "/en/bio", "/contacts", "/search?query=colonna"];
/** What a visitor browses: pages of both languages, details, a search. */
const VISITOR_PAGES = [
  "/",
  "/news",
  "/compositions",
  "/gallery",
  "/bio",
  "/contacts",
  "/search?query=colonna",
  "/en",
  "/en/news",
  "/en/compositions",
  "/en/bio",
  "/en/gallery",
  "/credits",
  "/art-direction",
];

async function startProductionServer(extraEnv: NodeJS.ProcessEnv = {}, extraNodeArgs: string[] = []) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-bench-pages-"));
  const port = await freePort();
  const env = childEnv({
    NODE_ENV: "production",
    PORT: String(port),
    ...dataDirEnv(dataDir),
    SEED_DEMO: "1",
    SESSION_SECRET: "bench-secret-bench-secret-bench",
    LOG_LEVEL: "warn",
    ...extraEnv,
  });
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env, stdio: "pipe" });
  // BENCH_SERVER + BUILD_DIR measure another build (e.g. a copy of the previous one) the same way.
  const child = spawn(process.execPath, [...benchSettings.nodeArgs, ...extraNodeArgs, benchSettings.serverScript], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited early");
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  // The first start queues the demo tracks' transcodes (about half a minute of one core, issue 25):
  // measured meanwhile, the first page's renders shared the CPU with them (`/` read 0.17 of the
  // static file where the pages after it read 0.21-0.26). Measure once the queue is empty.
  await untilJobsDone(readConfig(env).databaseFile, deadline);
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Waits until the server's background job queue (the Job table) has nothing queued or running. */
async function untilJobsDone(databaseFile: string, deadline: number) {
  const database = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const pending = database.prepare(`SELECT count(*) FROM "Job" WHERE state IN ('queued', 'running')`).pluck();
    while ((pending.get() as number) > 0) {
      if (Date.now() > deadline) throw new Error("the server's background jobs did not finish");
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    database.close();
  }
}

type Run = { rps: number; p99: number; errors: number; non2xx: number; statuses: string; cpuMsPerRequest?: number };

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux; null elsewhere). Its CPU per
 * request is the figure least moved by other work on a shared machine.
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A load test of one server, with the server's CPU milliseconds per answered request. */
async function measuredCannon(pid: number | undefined, opts: autocannon.Options): Promise<Run> {
  const before = cpuSeconds(pid);
  const run = await cannon(opts);
  const after = cpuSeconds(pid);
  const requests = run.rps * Number(opts.duration);
  return before === null || after === null || requests === 0 ? run : { ...run, cpuMsPerRequest: ((after - before) * 1000) / requests };
}

/**
 * A browser's user agent: a request without one is not a visitor, so the visit counting (ADR 045) would
 * skip it at its first check and the figures would not include its cost.
 */
const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function cannon(opts: autocannon.Options): Promise<Run> {
  const result = await autocannon({ headers: { "accept-encoding": "gzip, deflate, br, zstd", "user-agent": BROWSER_USER_AGENT }, ...opts });
  // Which statuses the non-2xx answers were (the contact page's per-address captcha limit answers 429).
  const statuses = Object.entries((result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${count}×${code}`)
    .join(", ");
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, statuses };
}

/**
 * A fresh query string per request, the cache-buster of issue 11's "cold" measure. No page reads
 * `bench`, so the page cache removes it and answers from memory (app/lib/page-query.ts).
 */
function coldRequests(pagePath: string): autocannon.Request[] {
  let n = 0;
  const sep = pagePath.includes("?") ? "&" : "?";
  return [{ setupRequest: (req) => ({ ...req, path: `${pagePath}${sep}bench=${Date.now()}-${n++}` }) }];
}

function loadNote() {
  const [one = 0, five = 0] = os.loadavg();
  return `load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)`;
}

function pad(cells: string[], widths: number[]) {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
}

/**
 * Two built scripts of the home page as yardsticks: the entry script (the largest file a visitor
 * fetches, 59 KB brotli) and the smallest one (about 1 KB, where the cost is the request itself, as
 * for a page from the cache). Shares are given against the small one, the stricter of the two.
 */
async function staticAssetPaths(url: string): Promise<{ entry: string; small: string }> {
  const html = await (await fetch(`${url}/`)).text();
  const scripts = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
  const entry = scripts.find((s) => s.startsWith("/assets/entry.client-"));
  if (!entry) throw new Error("no entry script found in the home page");
  const sizes = await Promise.all(
    scripts.map(async (script) => {
      const response = await fetch(`${url}${script}`, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
      return { script, bytes: (await response.arrayBuffer()).byteLength };
    }),
  );
  const small = sizes.sort((a, b) => a.bytes - b.bytes)[0]?.script ?? entry;
  return { entry, small };
}

/** Bytes on the wire of every script a first visit of the page loads before it runs (first-load.ts). */
async function firstLoadJs(url: string, page: string): Promise<{ files: number; bytes: number; transferred: number; encodings: string }> {
  const scripts = await firstLoadJavaScript(url, page);
  return {
    files: scripts.length,
    bytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    transferred: scripts.reduce((sum, script) => sum + script.transferred, 0),
    encodings: [...new Set(scripts.map((script) => script.encoding))].join("+"),
  };
}

/**
 * The bytes of a page's document on the wire when it comes from the cache: what a browser gets
 * (it accepts brotli), what a gzip-only client gets, and the page itself. Content-Length is the
 * encoded size (fetch decodes the body).
 */
async function documentBytes(url: string, page: string): Promise<string> {
  const sizes: string[] = [];
  for (const acceptEncoding of ["gzip, deflate, br, zstd", "gzip", "identity"]) {
    const response = await fetch(`${url}${page}`, { headers: { "accept-encoding": acceptEncoding } });
    const body = await response.arrayBuffer();
    const bytes = Number(response.headers.get("content-length") ?? body.byteLength);
    sizes.push(`${bytes} ${response.headers.get("content-encoding") ?? "identity"}`);
  }
  return `document ${page}: ${sizes.join(", ")} bytes`;
}

/**
 * The first request for a picture variant makes it (sharp, AVIF): ask once for every variant an
 * eager picture of the pages lists, so no run measures the making of a variant.
 */
async function warmPictures(url: string, pages: string[]) {
  const variants = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(`${url}${page}`)).text();
    for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*>/g)) {
      if (tag.includes('loading="lazy"')) continue;
      for (const [, list] of tag.matchAll(/srcset="([^"]+)"/gi)) {
        // A phone (Lighthouse: 412 px at 1.75x) picks at most the 960 px variant.
        for (const [, variant] of (list ?? "").matchAll(/(\S+\?w=(?:320|480|640|960)\b\S*) /g)) variants.add(variant!.replaceAll("&amp;", "&"));
      }
    }
  }
  for (const variant of variants) await (await fetch(`${url}${variant}`)).arrayBuffer();
}

type LighthouseRun = { perf: number; lcp: number; row: string[] };

/** One Lighthouse mobile run of a page: its table row, and the raw report kept when asked. */
async function lighthouseRun(url: string, page: string, keepAs: string | null): Promise<LighthouseRun> {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        ["node_modules/lighthouse/cli/index.js", `${url}${page}`, "--quiet", "--output=json", `--output-path=${out}`, `--chrome-flags=${CHROME_FLAGS}`],
        { env: childEnv({ CHROME_PATH: CHROMIUM }), maxBuffer: 1 << 26 },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    if (keepAs) fs.copyFileSync(out, keepAs);
    const report = JSON.parse(fs.readFileSync(out, "utf8"));
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => report.audits[id]?.numericValue as number | undefined;
    const jsBytes = (report.audits["network-requests"]?.details?.items ?? [])
      .filter((item: { resourceType?: string }) => item.resourceType === "Script")
      .reduce((sum: number, item: { transferSize?: number }) => sum + (item.transferSize ?? 0), 0);
    return {
      perf: score("performance"),
      lcp: audit("largest-contentful-paint") ?? 0,
      row: [
        page,
        String(score("performance")),
        String(score("accessibility")),
        String(score("best-practices")),
        String(score("seo")),
        ((audit("first-contentful-paint") ?? 0) / 1000).toFixed(2),
        ((audit("largest-contentful-paint") ?? 0) / 1000).toFixed(2),
        (audit("cumulative-layout-shift") ?? 0).toFixed(3),
        (jsBytes / 1024).toFixed(1),
      ],
    };
  } finally {
    fs.rmSync(out, { force: true });
  }
}

async function lighthouse(url: string): Promise<string[]> {
  const rows: string[] = [];
  const widths = [24, 5, 5, 5, 5, 8, 8, 6, 8, 12, 16];
  const runs = benchSettings.lighthouseRuns;
  const pages = benchSettings.lighthousePages ?? LIGHTHOUSE_PAGES;
  const jsonDir = benchSettings.lighthouseJson;
  if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });
  await warmPictures(url, pages);
  rows.push(pad(["page", "perf", "a11y", "bp", "seo", "FCP s", "LCP s", "CLS", "JS KB", ...(runs > 1 ? ["perf runs", "LCP runs"] : [])], widths));
  for (const page of pages) {
    const done: LighthouseRun[] = [];
    for (let run = 1; run <= runs; run++) {
      const keepAs = jsonDir ? path.join(jsonDir, `${page.replace(/[^\w]+/g, "_") || "home"}-${run}.json`) : null;
      // A run whose Chrome does not answer (seen about once in 20 runs) is tried once more.
      const attempt = () => lighthouseRun(url, page, keepAs);
      try {
        done.push(await attempt().catch(attempt));
      } catch (error) {
        rows.push(`${page}: lighthouse failed twice: ${(error as Error).message.split("\n")[0]}`);
      }
    }
    // The run of median performance stands for the page (simulated throttling still feels the host's
    // load); among runs of equal score, the one of median LCP (not simply the second run).
    const byPerf = [...done].sort((a, b) => a.perf - b.perf || b.lcp - a.lcp);
    const median = byPerf[Math.floor((byPerf.length - 1) / 2)];
    const eachRun = runs > 1 ? [done.map((r) => r.perf).join("/"), done.map((r) => (r.lcp / 1000).toFixed(2)).join("/")] : [];
    if (median) rows.push(pad([...median.row, ...eachRun], widths));
  }
  rows.push(
    `load average after Lighthouse: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  return rows;
}

export async function benchPages() {
  const { seconds, visitorSeconds } = benchSettings;
  const lines: string[] = [];
  const server = await startProductionServer();
  try {
    const { url } = server;
    lines.push(`pages: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}`);
    lines.push(`before: ${loadNote()}`);
    // Warm up: the first renders compile and fill caches.
    for (const page of [...PAGES, ...VISITOR_PAGES]) await (await fetch(`${url}${page}`)).arrayBuffer();
    if (benchSettings.only === "lighthouse") {
      lines.push("", "Lighthouse mobile (defaults), Debian Chromium headless", ...(await lighthouse(url)));
      return { name: "pages", lines };
    }

    const assets = await staticAssetPaths(url);
    const entryRun = await measuredCannon(server.pid, { url: `${url}${assets.entry}`, connections: 32, duration: seconds });
    const staticRun = await measuredCannon(server.pid, { url: `${url}${assets.small}`, connections: 32, duration: seconds });
    const measured = new Map<string, { cached?: Run; cold?: Run; render?: Run }>(PAGES.map((page) => [page, {}]));
    if (benchSettings.only !== "render") {
      for (const page of PAGES) {
        const cached = await measuredCannon(server.pid, { url: `${url}${page}`, connections: 32, duration: seconds });
        if (benchSettings.only === "cached") {
          measured.set(page, { cached });
          continue;
        }
        const cold = await cannon({ url: `${url}`, connections: 32, duration: seconds, requests: coldRequests(page) });
        measured.set(page, { cached, cold });
      }
    }
    if (benchSettings.only === "cached") {
      lines.push("", `32 connections, ${seconds} s each: req/s, share of the small static file's req/s, p99 ms, server CPU ms per request`);
      const runs: [string, Run][] = [
        ["static file, small JS", staticRun],
        ["static file, entry JS", entryRun],
      ];
      for (const [page, { cached }] of measured) if (cached) runs.push([page, cached]);
      for (const [name, run] of runs) {
        lines.push(
          pad([name, run.rps.toFixed(0), (run.rps / staticRun.rps).toFixed(3), String(run.p99), run.cpuMsPerRequest?.toFixed(3) ?? "-"], [28, 9, 7, 8, 8]),
        );
      }
      lines.push(`after: ${loadNote()}`);
      return { name: "pages", lines };
    }
    // Every request rendered: a second server with the page cache off (PAGE_CACHE_MB=0), so the
    // cost of a render shows now that fresh query strings no longer cause one.
    const profileDir = benchSettings.cpuProf ? fs.mkdtempSync(path.join(os.tmpdir(), "composer-bench-cpu-prof-")) : null;
    const rendering = await startProductionServer({ PAGE_CACHE_MB: "0" }, profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []);
    try {
      for (const page of PAGES) await (await fetch(`${rendering.url}${page}`)).arrayBuffer();
      for (const page of PAGES) {
        measured.get(page)!.render = await measuredCannon(rendering.pid, { url: `${rendering.url}${page}`, connections: 32, duration: seconds });
      }
    } finally {
      await rendering.stop();
    }

    const empty = ["", "", ""];
    const share = (run: Run, of: Run) => (run.rps / of.rps).toFixed(3);
    const widths = [28, 9, 7, 8, 9, 7, 8, 9, 7, 7, 8, 8];
    lines.push("");
    lines.push(`32 connections, ${seconds} s each (req/s, share of the small static file's req/s, p99 latency)`);
    lines.push("  cached: the same URL repeated; cold: a fresh unknown query string per request (it is removed before");
    lines.push("  rendering, so it is served from the cache); render: every request rendered (cache off), also as a");
    lines.push("  share of the entry script's req/s (entry: issue 21's yardstick for renders, goal 0.25) and as the");
    lines.push("  rendering server's CPU milliseconds per request (cpu ms: the figure other work on the machine moves least)");
    lines.push(pad(["", "cached", "share", "p99 ms", "cold", "share", "p99 ms", "render", "share", "entry", "p99 ms", "cpu ms"], widths));
    const cpuMs = (run: Run) => run.cpuMsPerRequest?.toFixed(2) ?? "-";
    const staticCells = (run: Run) => [run.rps.toFixed(0), share(run, staticRun), String(run.p99), ...empty, ...empty, "", cpuMs(run)];
    lines.push(pad(["static file, small JS", ...staticCells(staticRun)], widths) + `  ${assets.small}`);
    lines.push(pad(["static file, entry JS", ...staticCells(entryRun)], widths) + `  ${assets.entry}`);
    for (const [page, { cached, cold, render }] of measured) {
      const runs = [cached, cold, render].filter((run): run is Run => Boolean(run));
      const problems = runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
      const cells = [
        ...(cached ? [cached.rps.toFixed(0), share(cached, staticRun), String(cached.p99)] : empty),
        ...(cold ? [cold.rps.toFixed(0), share(cold, staticRun), String(cold.p99)] : empty),
        ...(render ? [render.rps.toFixed(0), share(render, staticRun), share(render, entryRun), String(render.p99), cpuMs(render)] : []),
      ];
      lines.push(pad([page, ...cells], widths) + (problems ? `  (${problems} errors/non-2xx)` : ""));
    }
    if (profileDir) lines.push(`CPU profile of the rendering server: ${profileDir}`);
    if (benchSettings.only === "render") {
      lines.push(`after: ${loadNote()}`);
      return { name: "pages", lines };
    }

    for (const page of PAGES) lines.push(await documentBytes(url, page));
    for (const page of ["/", "/en"]) {
      const js = await firstLoadJs(url, page);
      lines.push(
        `first-load JS on ${page}: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} KB of bodies (${js.encodings}), ${(js.transferred / 1024).toFixed(1)} KB with headers (Lighthouse's count)`,
      );
    }

    let next = 0;
    const visitors = await cannon({
      url,
      connections: 50,
      duration: visitorSeconds,
      requests: [{ setupRequest: (req) => ({ ...req, path: VISITOR_PAGES[next++ % VISITOR_PAGES.length] }) }],
    });
    lines.push("");
    lines.push(
      `50 concurrent visitors, ${visitorSeconds} s, mixed pages: ${visitors.rps.toFixed(0)} req/s, ` +
        `${visitors.errors} errors, ${visitors.non2xx} non-2xx${visitors.statuses ? ` (${visitors.statuses})` : ""}, p99 ${visitors.p99} ms`,
    );
    lines.push(`after: ${loadNote()}`);

    if (benchSettings.lighthouse) {
      lines.push("");
      lines.push("Lighthouse mobile (defaults), Debian Chromium headless");
      lines.push(...(await lighthouse(url)));
    }
  } finally {
    await server.stop();
  }
  return { name: "pages", lines };
}
