import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Request, Response } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { diskRoom } from "../../../core/disk.mjs";
import { mailQueue } from "../domain/contact.server";
import { type BackgroundTask, backgroundRuns, isBackgroundLeader } from "../storage/background-leader.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";

/**
 * /metrics in Prometheus's text format (prom-client), for the operator's scraper
 * (docs/operations.md, "Health and metrics": what each series is and the alerts to set). Not public:
 * with METRICS_TOKEN set it asks for `Authorization: Bearer <token>`; without, it answers only a
 * client on this machine that did not come through a proxy.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry });

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const requests = new Counter({
  name: "http_requests_total",
  help: "Requests answered, by route (the route module, or assets/files/edge), method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});

const latency = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from the request's arrival to the end of its answer, by route.",
  labelNames: ["route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

const pageCache = new Counter({
  name: "page_cache_requests_total",
  help: "Anonymous page requests looked up in the page cache, by result (hit or miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});

/** The 0 of each series shows before the first request, so a rate() works from the start. */
pageCache.inc({ result: "hit" }, 0);
pageCache.inc({ result: "miss" }, 0);

new Gauge({
  name: "mail_queue_length",
  help: "Contact messages saved but not delivered yet.",
  registers: [registry],
  async collect() {
    this.set((await mailQueue()).length);
  },
});

new Gauge({
  name: "last_backup_timestamp_seconds",
  help: "When the newest archive in DATA_DIR/backups was written (Unix time); 0 when there is none.",
  registers: [registry],
  collect() {
    this.set((newestBackup()?.mtimeMs ?? 0) / 1000);
  },
});

new Gauge({
  name: "disk_free_bytes",
  help: "Free bytes on the data disk (DATA_DIR) for the server's user.",
  registers: [registry],
  collect() {
    const env = getEnv();
    this.set(diskRoom(env.dataDir, env.minFreeDiskBytes).freeBytes);
  },
});

new Gauge({
  name: "disk_free_floor_bytes",
  help: "The free space uploads and backups must leave on the data disk (MIN_FREE_DISK_MB); /readyz fails below it.",
  registers: [registry],
  collect() {
    const env = getEnv();
    this.set(diskRoom(env.dataDir, env.minFreeDiskBytes).floorBytes);
  },
});

/** What this instance reported of site_background_runs_total so far: each collect adds what ran since. */
const reportedRuns: Record<BackgroundTask, number> = { janitor: 0, mail_retry: 0 };

new Counter({
  name: "site_background_runs_total",
  help: "Periodic passes this instance ran, by task (janitor, mail_retry); on PostgreSQL only the background leader runs them.",
  labelNames: ["task"] as const,
  registers: [registry],
  collect() {
    const runs = backgroundRuns();
    for (const task of Object.keys(reportedRuns) as BackgroundTask[]) {
      this.inc({ task }, runs[task] - reportedRuns[task]);
      reportedRuns[task] = runs[task];
    }
  },
});

new Gauge({
  name: "site_background_leader",
  help: "1 when this instance is the background leader (runs the janitor and the mail retries), else 0; always 1 on SQLite.",
  registers: [registry],
  collect() {
    this.set(isBackgroundLeader() ? 1 : 0);
  },
});

/** The newest archive of DATA_DIR/backups (any kind), or null. */
function newestBackup(): { file: string; mtimeMs: number } | null {
  const { backupsDir } = getEnv();
  let newest: { file: string; mtimeMs: number } | null = null;
  let names: string[];
  try {
    names = fs.readdirSync(backupsDir);
  } catch {
    return null;
  }
  for (const name of names) {
    if (!name.endsWith(".tar.gz")) continue;
    const file = path.join(backupsDir, name);
    const { mtimeMs } = fs.statSync(file, { throwIfNoEntry: false }) ?? { mtimeMs: 0 };
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/** One answered request (the access-log line's figures, express.server.ts). */
export function countRequest(route: string, method: string, status: number, durationS: number) {
  requests.inc({ route, method: KNOWN_METHODS.has(method) ? method : "other", status: String(status) });
  latency.observe({ route }, durationS);
}

/** One lookup of the page cache (http/page-cache.server.ts). */
export function countPageCache(hit: boolean) {
  pageCache.inc({ result: hit ? "hit" : "miss" });
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function allowed(req: Request): boolean {
  const token = getEnv().metricsToken;
  if (token) {
    const sent = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "")?.[1]?.trim() ?? "";
    const a = crypto.createHash("sha256").update(sent).digest();
    const b = crypto.createHash("sha256").update(token).digest();
    return crypto.timingSafeEqual(a, b);
  }
  // A reverse proxy on this machine connects from loopback too: what it forwards is not local.
  const forwarded = req.get("x-forwarded-for") !== undefined || req.get("forwarded") !== undefined;
  return LOOPBACK.test(req.socket.remoteAddress ?? "") && !forwarded;
}

export async function metrics(req: Request, res: Response) {
  res.setHeader("Cache-Control", "no-store");
  if (!allowed(req)) {
    if (getEnv().metricsToken) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    res
      .status(getEnv().metricsToken ? 401 : 403)
      .type("text/plain")
      .send(
        getEnv().metricsToken
          ? "401 /metrics needs Authorization: Bearer METRICS_TOKEN.\n"
          : "403 /metrics answers only this machine (set METRICS_TOKEN to scrape it from elsewhere).\n",
      );
    return;
  }
  try {
    const text = await registry.metrics();
    res.status(200).type(registry.contentType).send(text);
  } catch (error) {
    log().error({ err: error }, "metrics collection failed");
    res.status(500).type("text/plain").send("500 metrics collection failed\n");
  }
}
