// Shared by the admin-*.test.ts files: a cookie-keeping HTTP client and direct database access.
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import type { TestServer } from "./helpers/server";

export const ADMIN = { username: "admin", password: "admin-password-123" };

/** A tiny browser stand-in: keeps cookies, never follows redirects. */
export class HttpClient {
  cookies = new Map<string, string>();
  constructor(public base: string) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(p: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size && !headers.has("Cookie")) headers.set("Cookie", this.cookieHeader());
    const res = await fetch(`${this.base}${p}`, { redirect: "manual", ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(p: string, init: RequestInit = {}) {
    return this.request(p, init);
  }

  /**
   * The api/ token (csrftoken cookie) after visiting a page: the asynchronous upload sends it as
   * X-CSRFToken. Forms carry no token (docs/decisions/009-one-forgery-policy.md); "" when none.
   */
  async token(p = "/login"): Promise<string> {
    await (await this.get(p)).text();
    return this.cookies.get("csrftoken") ?? "";
  }

  post(p: string, body: Record<string, string> | FormData, init: RequestInit = {}) {
    const form = body instanceof FormData ? body : new URLSearchParams(body);
    return this.request(p, { method: "POST", body: form, ...init });
  }

  async login(username = ADMIN.username, password = ADMIN.password) {
    const res = await this.post("/login", { username, password });
    if (res.status !== 302) throw new Error(`login failed: ${res.status}`);
    // the admin pages hand out the api/ token the asynchronous upload sends
    return this.token("/admin/");
  }
}

export function openDb(server: TestServer) {
  return new Database(path.join(server.dataDir, "app.db"));
}

export function rows<T = Record<string, unknown>>(server: TestServer, sql: string, ...params: unknown[]): T[] {
  const db = openDb(server);
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function run(server: TestServer, sql: string, ...params: unknown[]) {
  const db = openDb(server);
  try {
    return db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** Signs in through the login page of a browser page. */
export async function browserLogin(page: Page, base: string, redirectTo?: string) {
  await page.goto(`${base}/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`);
  await page.fill('input[name="username"]', ADMIN.username);
  await page.fill('input[name="password"]', ADMIN.password);
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/admin")), page.click('form button[type="submit"]')]);
}

/** A small valid PNG made by sharp (in the test process). */
export async function pngBytes(color = "#a8742a", size = 24): Promise<Uint8Array<ArrayBuffer>> {
  const sharp = (await import("sharp")).default;
  return new Uint8Array(await sharp({ create: { width: size, height: size, channels: 3, background: color } }).png().toBuffer());
}

/** A minimal MP3: an empty ID3 tag and silent MPEG-1 Layer III frames (417 bytes each) filling about `extra` bytes. */
export function mp3Bytes(extra = 2048): Uint8Array<ArrayBuffer> {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413, 0)]);
  const frames = Array.from({ length: Math.max(2, Math.ceil(extra / frame.length)) }, () => frame);
  return new Uint8Array(Buffer.concat([Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"), ...frames]));
}

/** A minimal PDF; `seed` changes its bytes (stored files are content-addressed, so equal bytes share a file). */
export function pdfBytes(seed = "a"): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(`%PDF-1.4\n% ${seed}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`, "latin1"));
}

/** The value of an HTML attribute as a browser reads it (React escapes & < > " '). */
export function decodeHtmlAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
