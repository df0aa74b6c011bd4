// Issue 22: the site behind Debian's nginx with the shipped deploy/nginx.conf (only its names, ports,
// paths and upstream replaced), TLS from a self-signed certificate, everything on loopback. Visitors
// connect from loopback addresses of their own (127.0.0.5, ...), so the address the app sees through
// the proxy can be told from nginx's own (127.0.0.1).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../support/db";
import { silentWav } from "../support/files";
import { jsonLines, runScript } from "../support/scripts";
import { ADMIN, freePort, serverEnv, startServer, type TestServer } from "../support/server";

const NGINX = "/usr/sbin/nginx";
const haveNginx = fs.existsSync(NGINX);
const MB = 1024 * 1024;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** The shipped file with each of `replacements` applied exactly once (a changed file fails here, not silently). */
function templated(replacements: [string | RegExp, string][]): string {
  let text = fs.readFileSync("deploy/nginx.conf", "utf8");
  for (const [from, to] of replacements) {
    const pattern = typeof from === "string" ? null : new RegExp(from.source, `${from.flags}g`);
    const count = pattern ? (text.match(pattern) ?? []).length : text.split(from as string).length - 1;
    if (count === 0) throw new Error(`deploy/nginx.conf no longer has ${String(from)}: update the test's template`);
    text = pattern ? text.replace(pattern, to) : text.split(from as string).join(to);
  }
  return text;
}

/** The first log line of `server` that `matches`: its stdout pipe may be read after the answer through nginx. */
async function logLine(server: TestServer, matches: (line: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = jsonLines(server.output()).find(matches);
    if (found || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!haveNginx)("behind nginx (deploy/nginx.conf)", () => {
  let dir: string;
  let cert: Buffer;
  let nginx: ChildProcess;
  let trusted: TestServer;
  let untrusted: TestServer;
  const ports = { trusted: 0, untrusted: 0, hostWithoutPort: 0, plain: 0 };

  /** One request through nginx over TLS, from the loopback address `from`. */
  function request(
    port: number,
    method: string,
    urlPath: string,
    opts: { from?: string; headers?: Record<string, string | number>; body?: Buffer | string; declaredOnly?: boolean } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        { host: "127.0.0.1", port, method, path: urlPath, ca: cert, localAddress: opts.from ?? "127.0.0.5", headers: opts.headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            // A request refused on its headers alone (declaredOnly) never sends its body: close it.
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      if (opts.declaredOnly) req.flushHeaders();
      else req.end(opts.body);
    });
  }

  /** The /login form as a browser on the proxy's https origin posts it. */
  function signIn(port: number, from: string, password = ADMIN.password) {
    return request(port, "POST", "/login", {
      from,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: `https://127.0.0.1:${port}`,
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ username: ADMIN.username, password, redirectTo: "/admin/" }).toString(),
    });
  }

  const cookieFrom = (answer: Answer, name: string) =>
    ([] as string[])
      .concat(answer.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith(`${name}=`))
      ?.split(";")[0];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "composer-nginx-"));
    fs.chmodSync(dir, 0o755);
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
      "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
    ], { stdio: "ignore" }); // prettier-ignore
    cert = fs.readFileSync(path.join(dir, "cert.pem"));
    for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
    const origin = (port: number) => `https://127.0.0.1:${port}`;
    [trusted, untrusted] = await Promise.all([
      startServer({ env: { TRUST_PROXY: "1", PUBLIC_ORIGIN: origin(ports.trusted) } }),
      startServer({ env: { SEED_DEMO: "0", TRUST_PROXY: undefined, PUBLIC_ORIGIN: origin(ports.untrusted) } }),
    ]);

    /** The shipped site on `port` in front of `app`; `host` replaces its `proxy_set_header Host` value. */
    const site = (name: string, port: number, app: TestServer, host = "$http_host", redirectPort?: number) =>
      templated([
        ["composer_site", `composer_${name}`],
        ["server 127.0.0.1:3000;", `server 127.0.0.1:${app.port};`],
        [/^ {4}listen \[::\]:(80|443 ssl http2);\n/m, ""],
        ["listen 80;", redirectPort ? `listen 127.0.0.1:${redirectPort};` : `listen unix:${dir}/unused-${name}.sock;`],
        ["listen 443 ssl http2;", `listen 127.0.0.1:${port} ssl http2;`],
        ["server_name www.example.com;", "server_name 127.0.0.1;"],
        ["/etc/letsencrypt/live/www.example.com/fullchain.pem", path.join(dir, "cert.pem")],
        ["/etc/letsencrypt/live/www.example.com/privkey.pem", path.join(dir, "key.pem")],
        ["proxy_set_header Host $http_host;", `proxy_set_header Host ${host};`],
      ]);
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      `daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site("trusted", ports.trusted, trusted, "$http_host", ports.plain)}
${site("untrusted", ports.untrusted, untrusted)}
# The common mistake: nginx's $host has no port, and this proxy is not on 443.
${site("host_without_port", ports.hostWithoutPort, trusted, "$host")}
}
`,
    );
    for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(path.join(dir, sub), { mode: 0o777 });
    nginx = spawn(NGINX, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    nginx.stderr?.on("data", (c) => (stderr += c));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const up = await request(ports.trusted, "GET", "/healthz").then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null || Date.now() > deadline) {
        throw new Error(`nginx did not start: ${stderr}\n${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, "utf8") : ""}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 300_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once("exit", r));
      nginx.kill("SIGQUIT");
      await exited;
    }
    await Promise.all([trusted?.stop(), untrusted?.stop()]);
    for (const server of [trusted, untrusted]) if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves the site over https with HSTS once, and plain http redirects to https", async () => {
    const home = await request(ports.trusted, "GET", "/");
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    // nginx's own answers carry it too ("always"): a path nginx refuses itself.
    const tooLarge = await request(ports.trusted, "POST", "/api/file/upload/", { headers: { "Content-Length": 1101 * MB }, declaredOnly: true });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const plain = await fetch(`http://127.0.0.1:${ports.plain}/bio?x=1`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe(`https://127.0.0.1/bio?x=1`);
  });

  it("staff sign in over https; the visitor's address (not nginx's) is in the access log and nginx's request id is the app's", async () => {
    const answer = await signIn(ports.trusted, "127.0.0.5");
    expect(answer.status).toBe(302);
    const session = cookieFrom(answer, "staff_session");
    expect(session).toBeDefined();
    const admin = await request(ports.trusted, "GET", "/admin/", { headers: { Cookie: session ?? "" } });
    expect(admin.status).toBe(200);
    const reqId = String(admin.headers["x-request-id"]);
    expect(reqId).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, kept by the app
    const line = await logLine(trusted, (l) => l.reqId === reqId && l.msg === "request");
    expect(line).toMatchObject({ ip: "127.0.0.5", path: "/admin/", status: 200 });
  });

  it("sign-in throttling counts each visitor's address: one address locked out, another signs in", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(ports.trusted, "127.0.0.6", "wrong-password")).status).toBe(400);
    expect((await signIn(ports.trusted, "127.0.0.6")).status).toBe(429);
    expect((await signIn(ports.trusted, "127.0.0.7")).status).toBe(302);
    // The failures are logged with the visitor's address, never nginx's.
    expect(await logLine(trusted, (l) => l.level === "warn" && l.ip === "127.0.0.6")).toBeDefined();
    expect(jsonLines(trusted.output()).filter((l) => l.level === "warn" && l.ip === "127.0.0.1")).toEqual([]);
  });

  it("a 49 MB track goes through (nginx's 1 MB default would refuse it), a 100 MB form reaches the app, a track answers ranges", async () => {
    const staffCookie = cookieFrom(await signIn(ports.trusted, "127.0.0.8"), "staff_session") ?? "";
    const csrf = cookieFrom(await request(ports.trusted, "GET", "/api/userinfo/", { headers: { Cookie: staffCookie } }), "csrftoken") ?? "";
    const token = csrf.split("=")[1] ?? "";
    const upload = (parts: Buffer[]) => {
      const boundary = "----composer-nginx-test";
      const body = Buffer.concat([
        ...parts.flatMap((bytes, i) => [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t${i}.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
          bytes,
          Buffer.from("\r\n"),
        ]),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ntrack\r\n--${boundary}--\r\n`),
      ]);
      return request(ports.trusted, "PUT", "/api/file/upload/", {
        headers: {
          Cookie: `${staffCookie}; ${csrf}`,
          "X-CSRFToken": token,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Disposition": "attachment; filename=Suite.wav",
          "Content-Length": body.length,
        },
        body,
      });
    };
    // silentWav writes 16,000 bytes a second.
    const track = silentWav((49 * MB) / 16_000);
    const stored = await upload([track]);
    expect(stored.status, stored.body.toString().slice(0, 300)).toBe(200);
    const tempName = JSON.parse(stored.body.toString()).temp_name as string;
    expect(fs.statSync(path.join(trusted.dataDir, "uploads", "tmp", tempName)).size).toBe(track.length);
    // 100 MB in one request: nginx passes it on, and the app answers it (its JSON, not nginx's HTML 413).
    const twoTracks = await upload([track, track]);
    expect(String(twoTracks.headers["content-type"])).toContain("application/json");
    expect(JSON.parse(twoTracks.body.toString()).error).toMatch(/\S/);

    const trackUrl = rows<{ url: string }>(trusted, "SELECT url FROM MusicTrack WHERE url LIKE '/media/%' LIMIT 1")[0]?.url;
    expect(trackUrl).toBeDefined();
    const size = fs.statSync(path.join(trusted.dataDir, "uploads", (trackUrl ?? "").replace(/^\/media\//, ""))).size;
    const part = await request(ports.trusted, "GET", trackUrl ?? "", { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${size}`);
    expect(part.body.length).toBe(100);
  });

  it("TRUST_PROXY unset behind the proxy: the sign-in answers a page naming TRUST_PROXY=1, and the log says so", async () => {
    const answer = await signIn(ports.untrusted, "127.0.0.9");
    expect(answer.status).toBe(400);
    const page = answer.body.toString();
    expect(page).toContain("TRUST_PROXY=1");
    expect(page).not.toContain("Bad Request");
    const line = await logLine(untrusted, (l) => l.reqId === answer.headers["x-request-id"] && l.level === "warn" && !!l.setting);
    expect(line).toMatchObject({ setting: "TRUST_PROXY", origin: `https://127.0.0.1:${ports.untrusted}` });
    expect(String(line?.fix)).toContain("set TRUST_PROXY=1");
  });

  it("`proxy_set_header Host $host` on a port other than 443: the page and the log name $http_host", async () => {
    const answer = await signIn(ports.hostWithoutPort, "127.0.0.10");
    expect(answer.status).toBe(400);
    const page = answer.body.toString();
    expect(page).toContain("proxy_set_header Host $http_host;");
    expect(page).toContain(`127.0.0.1:${ports.hostWithoutPort}`);
    const line = await logLine(trusted, (l) => l.reqId === answer.headers["x-request-id"] && l.level === "warn" && !!l.setting);
    expect(line).toMatchObject({ setting: "proxy Host header", requestOrigin: "https://127.0.0.1" });
  });

  /** `npm run doctor` beside `app` (its data folder, the port its nginx site has), trusting the test certificate. */
  async function doctorThrough(app: TestServer, port: number, trustProxy: string | undefined) {
    const env = serverEnv(app.dataDir, app.port, { PUBLIC_ORIGIN: `https://127.0.0.1:${port}`, TRUST_PROXY: trustProxy });
    env.NODE_EXTRA_CA_CERTS = path.join(dir, "cert.pem");
    const run = await runScript("scripts/doctor.mjs", [], env);
    return run.stdout.split("\n").find((l) => /^\w+\s+origin\s/.test(l)) ?? `no origin line in:\n${run.stdout}${run.stderr}`;
  }

  it("npm run doctor asks the site through PUBLIC_ORIGIN what arrives, and names the setting when it is wrong", async () => {
    expect(await doctorThrough(trusted, ports.trusted, "1")).toMatch(/^OK\s+origin\s+through https:\/\/127\.0\.0\.1:\d+ the site sees its public origin/);
    const untrustedLine = await doctorThrough(untrusted, ports.untrusted, undefined);
    expect(untrustedLine).toMatch(/^FAIL\s+origin\s+through https:\/\/127\.0\.0\.1:\d+ the site sees http:\/\//);
    expect(untrustedLine).toContain("set TRUST_PROXY=1");
    const hostLine = await doctorThrough(trusted, ports.hostWithoutPort, "1");
    expect(hostLine).toMatch(/^FAIL\s+origin\s+through .* the site sees https:\/\/127\.0\.0\.1: /);
    expect(hostLine).toContain("proxy_set_header Host $http_host;");
  });
});
