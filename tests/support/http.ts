// The one HTTP client of the tests: a browser stand-in that keeps cookies and never follows redirects.
import http from "node:http";
import { ADMIN } from "./server";

export type ApiRequestOptions = {
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  headers?: HeadersInit;
  /** Leave out the X-CSRFToken header (tests of the refusal). */
  noCsrf?: boolean;
};

export class HttpClient {
  cookies = new Map<string, string>();
  constructor(public base: string) {}

  /** The api/ token: the csrftoken cookie, sent back as X-CSRFToken on unsafe api/ requests. */
  get csrfToken(): string | undefined {
    return this.cookies.get("csrftoken");
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** One request as given, plus the kept cookies; the answer's Set-Cookie lines update them. */
  async fetch(p: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    const res = await fetch(`${this.base}${p}`, { redirect: "manual", ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /** An api/ request the way the original client sent it: JSON or multipart, X-CSRFToken on unsafe methods. */
  request(method: string, p: string, opts: ApiRequestOptions = {}): Promise<Response> {
    const headers = new Headers(opts.headers);
    const unsafe = !["GET", "HEAD", "OPTIONS"].includes(method);
    if (unsafe && !opts.noCsrf && this.csrfToken && !headers.has("X-CSRFToken")) headers.set("X-CSRFToken", this.csrfToken);
    let body: BodyInit | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    } else if (opts.form) body = opts.form;
    return this.fetch(p, { method, headers, body });
  }

  get(p: string, init: RequestInit = {}) {
    return this.fetch(p, init);
  }

  /** GET and parse; throws on a non-2xx answer. */
  async getJson<T = any>(p: string): Promise<T> {
    return expectJson<T>(await this.get(p), `GET ${p}`);
  }

  /** A form post (urlencoded, or multipart for FormData), as a browser without JavaScript sends it. */
  post(p: string, body: Record<string, string> | FormData, init: RequestInit = {}) {
    const form = body instanceof FormData ? body : new URLSearchParams(body);
    return this.fetch(p, { method: "POST", body: form, ...init });
  }

  /**
   * The api/ token (csrftoken cookie) after visiting a page: the asynchronous upload sends it as
   * X-CSRFToken. Forms carry no token (docs/decisions/009-one-forgery-policy.md); "" when none.
   */
  async token(p = "/login"): Promise<string> {
    await (await this.get(p)).text();
    return this.csrfToken ?? "";
  }

  /** Signs in through the /login form; answers the api/ token the admin pages hand out. */
  async login(username = ADMIN.username, password = ADMIN.password) {
    const res = await this.post("/login", { username, password });
    if (res.status !== 302) throw new Error(`login failed: ${res.status}`);
    return this.token("/admin/");
  }

  /** Signs in through api/login/ (after fetching the csrftoken cookie); answers the user. */
  async apiLogin(username = ADMIN.username, password = ADMIN.password) {
    if (!this.csrfToken) await this.get("/api/userinfo/");
    return expectJson(await this.request("POST", "/api/login/", { json: { username, password } }), "POST /api/login/");
  }

  /** PUT api/file/upload/ the way the original client did: the name url-encoded in Content-Disposition. */
  upload(bytes: Uint8Array, name: string, kind?: string) {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)]), "blob");
    if (kind) form.set("kind", kind);
    return this.request("PUT", "/api/file/upload/", { form, headers: { "Content-Disposition": `attachment; filename=${encodeURIComponent(name)}` } });
  }
}

/** A multipart body from plain fields; a file is [Blob, file name]. */
export function formData(fields: Record<string, string | [Blob, string]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.set(name, value);
    else form.set(name, value[0], value[1]);
  }
  return form;
}

export async function expectJson<T = any>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

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
