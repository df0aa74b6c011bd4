// Shared by the edge-*.test.ts files: raw HTTP (any method, any body) and the route table walked.
import fs from "node:fs";
import http from "node:http";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request with node:http (fetch refuses TRACE/CONNECT and forged Content-Length). When
 * `declaredLength` is larger than the body, the answer is awaited without sending the rest.
 */
export function raw(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer; declaredLength?: number } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...opts.headers };
    if (opts.declaredLength !== undefined) headers["Content-Length"] = opts.declaredLength;
    else if (opts.body !== undefined) headers["Content-Length"] = Buffer.byteLength(opts.body);
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        req.destroy();
      });
      res.on("error", reject);
    });
    // CONNECT answers arrive as a "connect" event, not a response
    req.on("connect", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
    });
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    if (opts.declaredLength === undefined) req.end();
  });
}

/** Every URL pattern of app/routes.ts, with sample values for its parameters. */
export function routePaths(): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
      if (entry.children?.length) walk(entry.children, joined);
      if (entry.children?.length && !entry.path && !entry.index) continue; // pathless layout
      const sample = joined
        .split("/")
        .map((s) => (s === "*" ? "qualcosa" : s.startsWith(":") ? (/id/i.test(s) ? "1" : "esempio") : s))
        .join("/");
      out.push({ path: sample || "/", file: entry.file });
    }
  };
  walk(routes as RouteConfigEntry[], "");
  return [...new Map(out.map((r) => [r.path, r])).values()];
}

/** Path to match, without the trailing slash of SPEC's api/ URLs. */
export const dataTwin = (path: string) => (path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`);

/**
 * The pid of server.mjs: the test server is started through scripts/start.mjs, which spawns it
 * (measuring the wrapper would measure nothing).
 */
export function serverPid(wrapper: number): number {
  const children = fs.readFileSync(`/proc/${wrapper}/task/${wrapper}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  const server = children.find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.mjs"));
  if (!server) throw new Error(`no server.mjs under pid ${wrapper}`);
  return server;
}
