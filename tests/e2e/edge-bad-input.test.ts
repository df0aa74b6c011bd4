import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient, raw, type RawResponse } from "../support/http";
import { dataTwin, routePaths, unavailableWithoutMail } from "../support/routes";
import { appPerFile } from "../support/in-process";
import { ADMIN } from "../support/server";

/**
 * issue 9: 134 of 546 method/body combinations answered 500. Generated from app/routes.ts, so a
 * route added later is covered too: every route (and the .data twin of every page) x every method
 * x every bad body answers without a 5xx, and a refused body gets a 4xx with a message, never a
 * stack trace.
 */
const server = appPerFile({ env: { SEED_DEMO: "0" } });
let staffCookie = "";
let staffToken = "";

beforeAll(async () => {
  const client = new HttpClient(server.url);
  await client.apiLogin(ADMIN.username, ADMIN.password);
  staffCookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  staffToken = client.csrfToken ?? "";
});

const B = "----edgeBoundary7MA4YWxk";
const BODIES: Record<string, { type?: string; body?: string; declaredLength?: number }> = {
  "no body": {},
  "text/plain": { type: "text/plain", body: "hello" },
  "malformed JSON": { type: "application/json", body: '{"name": "x", ' },
  "lone surrogates (JSON)": {
    type: "application/json",
    body: '{"name":"\\ud800","name_eng":"\\udc00x","title":"\\ud800","title_eng":"a","email":"a@b.it","description":"\\ud800","username":"\\ud800","password":"\\ud800","type":"news","category":1}',
  },
  "lone surrogates (form)": {
    type: "application/x-www-form-urlencoded",
    body: "name=%ED%A0%80&email=a%40b.it&description=%ED%B0%80&username=%ED%A0%80&password=x",
  },
  "multipart without boundary": { type: "multipart/form-data", body: `--${B}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--${B}--\r\n` },
  "truncated multipart": { type: `multipart/form-data; boundary=${B}`, body: `--${B}\r\nContent-Disposition: form-data; name="name"\r\n\r\nsenza fi` },
  "arrays and unknown fields (JSON)": {
    type: "application/json",
    body: '{"name":["a","b"],"title":["t"],"category":[1],"username":["admin"],"password":{"x":1},"zzz":1}',
  },
  "arrays and unknown fields (form)": {
    type: "application/x-www-form-urlencoded",
    body: "name=a&name=b&email=a%40b.it&email=c%40d.it&username=a&username=b&redirectTo=%2F&redirectTo=%2Fx&zzz=1",
  },
  // Over every route's limit: the largest is an admin form carrying a track master (MAX_TRACK_MB, 1 GB, + 20 MB).
  "over the limit": { type: "application/x-www-form-urlencoded", body: "a=", declaredLength: 2048 * 1024 * 1024 },
};
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"];
const BARE_METHODS = ["GET", "HEAD", "OPTIONS", "TRACE", "CONNECT", "PROPFIND"];

function targets(): { path: string; staff: boolean }[] {
  const out: { path: string; staff: boolean }[] = [];
  for (const { path, file } of routePaths()) {
    const isPage = file.endsWith(".tsx");
    out.push({ path, staff: false });
    if (isPage) out.push({ path: dataTwin(path), staff: false });
    if (path.startsWith("/admin") || path.startsWith("/api")) {
      out.push({ path: path.startsWith("/api") ? `${path}/` : path, staff: true });
      if (isPage) out.push({ path: dataTwin(path), staff: true });
    }
  }
  return out;
}

function describeFailure(method: string, path: string, staff: boolean, what: string, res: RawResponse) {
  return `${method} ${path} (${staff ? "staff" : "anonymous"}, ${what}) -> ${res.status} ${res.body.slice(0, 160)}`;
}

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe("bad input on every route of app/routes.ts (issue 9)", () => {
  it("covers the route table", () => {
    const paths = routePaths().map((r) => r.path);
    expect(paths).toContain("/contacts");
    expect(paths).toContain("/en/contacts");
    expect(paths).toContain("/api/news/1");
    expect(paths.length).toBeGreaterThan(40);
  });

  it("never answers 5xx; refused bodies get a 4xx with a message and no internals", async () => {
    const failures: string[] = [];
    const cases: { method: string; path: string; staff: boolean; what: string; spec: (typeof BODIES)[string] }[] = [];
    for (const t of targets()) {
      // Methods without a body: on the routes themselves (the .data twins route the same way).
      if (!t.path.endsWith(".data")) for (const method of BARE_METHODS) cases.push({ method, ...t, what: "no body", spec: {} });
      for (const [what, spec] of Object.entries(BODIES)) cases.push({ method: "POST", ...t, what, spec });
      // PUT/PATCH/DELETE: pages refuse them whatever the body; endpoints get the JSON cases.
      const bodies = t.path.startsWith("/api")
        ? ["no body", "malformed JSON", "lone surrogates (JSON)", "arrays and unknown fields (JSON)", "multipart without boundary", "over the limit"]
        : ["text/plain"];
      for (const method of BODY_METHODS.filter((m) => m !== "POST")) for (const what of bodies) cases.push({ method, ...t, what, spec: BODIES[what]! });
    }
    let done = 0;
    const started = Date.now();
    await inParallel(cases, 8, async ({ method, path, staff, what, spec }) => {
      if (++done % 250 === 0) console.log(`${done}/${cases.length} in ${Math.round((Date.now() - started) / 1000)} s`);
      const headers: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": `10.9.${cases.length % 250}.${Math.floor(Math.random() * 250)}` };
      if (spec.type) headers["Content-Type"] = spec.type;
      if (staff) {
        headers.Cookie = staffCookie;
        headers["X-CSRFToken"] = staffToken;
      }
      let res: RawResponse;
      try {
        res = await raw(server.url, method, path, { headers, body: spec.body, declaredLength: spec.declaredLength });
      } catch (error) {
        failures.push(`${method} ${path} (${staff ? "staff" : "anonymous"}, ${what}) -> ${(error as Error).message}`);
        return;
      }
      if (res.status >= 500 && !unavailableWithoutMail(path, res.status)) failures.push(describeFailure(method, path, staff, what, res));
      if (/\bat [\w.<>]+ \(|node_modules|TypeError|PrismaClient/.test(res.body)) failures.push(`internals: ${describeFailure(method, path, staff, what, res)}`);
      if (what === "over the limit" && !(res.status >= 400 && res.status < 500))
        failures.push(`not refused: ${describeFailure(method, path, staff, what, res)}`);
      const refused = ["text/plain", "malformed JSON", "multipart without boundary", "truncated multipart"].includes(what);
      const publicForm = ["/contacts", "/en/contacts", "/login", "/logout", "/cookie-consent"].includes(path.replace(/\.data$/, ""));
      if (refused && publicForm && method === "POST" && !(res.status >= 400 && res.status < 500))
        failures.push(`not refused: ${describeFailure(method, path, staff, what, res)}`);
    });
    expect(failures).toEqual([]);
  }, 900_000);

  it("OPTIONS on a page answers 204 with the methods its module takes; TRACE is 405", async () => {
    const contacts = await raw(server.url, "OPTIONS", "/contacts");
    expect(contacts.status).toBe(204);
    expect(contacts.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    const bio = await raw(server.url, "OPTIONS", "/en/bio");
    expect(bio.headers.allow).toBe("GET, HEAD, OPTIONS");
    const api = await raw(server.url, "OPTIONS", "/api/news/1/");
    expect(api.status).toBe(204);
    expect(api.headers.allow).toBe("GET, HEAD, PATCH, DELETE, OPTIONS");
    for (const path of ["/", "/api/news/", "/media/x.jpg"]) expect((await raw(server.url, "TRACE", path)).status).toBe(405);
  });

  it("lone surrogates in JSON are a 400, not a database error", async () => {
    const client = new HttpClient(server.url);
    await client.apiLogin(ADMIN.username, ADMIN.password);
    const res = await client.request("POST", "/api/category/", { json: JSON.parse('{"name":"\\ud800","name_eng":"x","type":"news"}') as object });
    // JSON.stringify escapes the lone surrogate back to \ud800 on the wire
    expect(res.status).toBe(400);
    const anon = await raw(server.url, "POST", "/api/send-email/", {
      headers: { "Content-Type": "application/json" },
      body: '{"name":"\\ud800","email":"a@b.it","description":"x","captcha_id":"1","captcha_value":"x"}',
    });
    expect(anon.status).toBeLessThan(500);
  });
});
