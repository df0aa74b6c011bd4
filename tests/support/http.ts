// The one HTTP client of the tests: a browser stand-in that keeps cookies and never follows redirects.
import http from "node:http";
import net from "node:net";
import { ApiClient } from "../../scripts/api-client-demo";
import { ADMIN } from "./server";

export { expectJson } from "../../scripts/api-client-demo";

/**
 * Cookie keeping and the api/ requests (`fetch`, `request`, `getJson`, `apiLogin`, `upload`) are those
 * of the documented api/ client (scripts/api-client-demo.ts), so the tests talk to api/ the way it
 * does; this adds what a browser without JavaScript does (form posts, the /login form).
 */
export class HttpClient extends ApiClient {
  get(p: string, init: RequestInit = {}) {
    return this.fetch(p, init);
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

  /** api/login/ as the staff user unless told otherwise. */
  override apiLogin(username = ADMIN.username, password = ADMIN.password) {
    return super.apiLogin(username, password);
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

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request with node:http (fetch refuses TRACE/CONNECT and forged Content-Length). When
 * `declaredLength` is larger than the body, the answer is awaited without sending the rest.
 */
/** An answer read off a socket: its status, its head (status line and headers) and its body as written. */
export type SocketAnswer = { status: number; head: string; body: string };

/**
 * One request written byte for byte on a new connection to `port`, for the shapes fetch and node:http refuse
 * to send (a bad Host, a request target Node answers itself); read until the server closes.
 */
export function onSocket(port: number, request: string): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const at = text.indexOf("\r\n\r\n");
      const head = at === -1 ? text : text.slice(0, at);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: at === -1 ? "" : text.slice(at + 4) });
    });
    socket.write(request);
  });
}

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

export type UploadInFlight = {
  req: http.ClientRequest;
  /** The multipart part's opening (boundary and part headers): written first. */
  head: Buffer;
  /** The closing boundary: written last, after the file's bytes. */
  tail: Buffer;
  /** The server's answer, once the body is ended (rejects if the connection is cut). */
  answer: Promise<{ status: number; body: string }>;
};

/**
 * A multipart PUT api/file/upload/ of one file of `bytes` bytes (a WAV) as staff `client`, with its
 * Content-Length declared and its body left to the test: `head`, the file's bytes, `tail`. So an upload
 * can be held half sent (a request in flight when a stop comes) or streamed with back-pressure.
 */
export function uploadInFlight(base: string, client: HttpClient, name: string, bytes: number): UploadInFlight {
  const url = new URL(base);
  const head = Buffer.from(`--held\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: audio/wav\r\n\r\n`);
  const tail = Buffer.from("\r\n--held--\r\n");
  const req = http.request({
    host: url.hostname,
    port: url.port,
    method: "PUT",
    path: "/api/file/upload/",
    agent: false,
    headers: {
      "Content-Type": "multipart/form-data; boundary=held",
      "Content-Length": head.length + bytes + tail.length,
      "Content-Disposition": `attachment; filename=${encodeURIComponent(name)}`,
      Cookie: client.cookieHeader(),
      "X-CSRFToken": client.csrfToken ?? "",
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
  // A test that cuts the upload on purpose never reads the answer.
  answer.catch(() => {});
  return { req, head, tail, answer };
}
