import { describe, expect, it } from "vitest";
import { onSocket, raw, type SocketAnswer } from "../support/http";
import { appPerFile } from "../support/in-process";

/**
 * issue 20: absolute URLs (canonical, og:url, og:image, the feed link, JSON-LD, the player's base)
 * come only from PUBLIC_ORIGIN or the Host header. Behind a proxy (TRUST_PROXY) without PUBLIC_ORIGIN,
 * `X-Forwarded-Host: evil.example` was written into a page that the cache then served to everyone;
 * and 47 of 104 shapes of a bad Host or request target were a 500 with a stack line.
 */
const server = appPerFile({ env: { TRUST_PROXY: "1", PUBLIC_ORIGIN: undefined } });

const host = () => `127.0.0.1:${server.port}`;
const get11 = (target: string, headerLines: string) => `GET ${target} HTTP/1.1\r\n${headerLines}Connection: close\r\n\r\n`;

/** Answered 400 without internals: a Host no URL can be made from, or a target that names no path here. */
const BAD_SHAPES: [string, () => string][] = [
  ["Host: a b", () => get11("/", "Host: a b\r\n")],
  ["Host: [::1", () => get11("/", "Host: [::1\r\n")],
  ["Host: ::1", () => get11("/", "Host: ::1\r\n")],
  ["empty Host (HTTP/1.1)", () => get11("/", "Host: \r\n")],
  ["Host: example.com:99999", () => get11("/", "Host: example.com:99999\r\n")],
  ["Host: example.com:abc", () => get11("/", "Host: example.com:abc\r\n")],
  ["Host: example.com/evil", () => get11("/", "Host: example.com/evil\r\n")],
  ["Host: user@example.com", () => get11("/", "Host: user@example.com\r\n")],
  ["Host: example.com?x", () => get11("/en/news", "Host: example.com?x\r\n")],
  ["Host: example.com#x", () => get11("/", "Host: example.com#x\r\n")],
  ["Host: %", () => get11("/", "Host: %\r\n")],
  ["Host: <script>", () => get11("/", "Host: <script>\r\n")],
  ["Host: a\\b", () => get11("/", "Host: a\\b\r\n")],
  ["Host: with a bad one on a page with a query", () => get11("/news?page=2", "Host: a b\r\n")],
  ["Host: a b on an api/ path", () => get11("/api/news/", "Host: a b\r\n")],
  [
    "Host: a b with POST",
    () => `POST /login HTTP/1.1\r\nHost: a b\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
  ],
  ["authority-form target", () => get11("other.example:80", `Host: ${host()}\r\n`)],
  ["asterisk target with GET", () => get11("*", `Host: ${host()}\r\n`)],
  ["ftp:// target", () => get11("ftp://other.example/", `Host: ${host()}\r\n`)],
  ["http:// target without a host", () => get11("http:///x", `Host: ${host()}\r\n`)],
  ["HTTP/1.1 without Host", () => get11("/", "")],
];

/** Legal shapes, served as the same request in origin form would be. */
const LEGAL_SHAPES: [string, () => string, number][] = [
  ["absolute-form http:// target", () => get11("http://other.example/", `Host: ${host()}\r\n`), 200],
  ["absolute-form with a path and query", () => get11(`http://${host()}/en/news?page=2`, `Host: ${host()}\r\n`), 200],
  ["absolute-form https:// target without a path", () => get11("https://other.example", `Host: ${host()}\r\n`), 200],
  ["absolute-form HEAD", () => `HEAD http://other.example/bio HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`, 200],
  ["HTTP/1.0 without Host", () => "GET / HTTP/1.0\r\n\r\n", 200],
  ["HTTP/1.0 without Host, a page", () => "GET /en/news HTTP/1.0\r\n\r\n", 200],
  ["HTTP/1.0 with an empty Host", () => "GET /bio HTTP/1.0\r\nHost: \r\n\r\n", 200],
  ["HTTP/1.0 absolute-form", () => "GET http://other.example/bio HTTP/1.0\r\n\r\n", 200],
  ["Host: [::1]:port", () => get11("/", `Host: [::1]:${server.port}\r\n`), 200],
  ["Host: LOCALHOST.", () => get11("/", "Host: LOCALHOST.\r\n"), 200],
  ["X-Forwarded-Proto: a b (not a proxy's)", () => get11("/", `Host: ${host()}\r\nX-Forwarded-Proto: a b\r\n`), 200],
  ["X-Forwarded-Proto: javascript (not a proxy's)", () => get11("/bio", `Host: ${host()}\r\nX-Forwarded-Proto: javascript\r\n`), 200],
];

function noInternals(answer: SocketAnswer) {
  expect(answer.body).not.toMatch(/\n\s+at |Error:|node_modules|TypeError|\/build\//);
}

describe("a bad Host or request target (issue 20)", () => {
  it.each(BAD_SHAPES)("%s: 400, no internals, with a request id", async (_name, request) => {
    const answer = await onSocket(server.port, request());
    expect(answer.status, answer.head).toBe(400);
    noInternals(answer);
    expect(answer.head).toMatch(/^x-request-id: \S+/im);
  });

  it.each(LEGAL_SHAPES)("%s: served", async (_name, request, status) => {
    const answer = await onSocket(server.port, request());
    expect(answer.status, answer.head).toBe(status);
    noInternals(answer);
    expect(answer.body).not.toContain("other.example");
  });
});

describe("X-Forwarded-Host with TRUST_PROXY and no PUBLIC_ORIGIN (issue 20)", () => {
  it("is never written into a page, a feed or the sitemap, and never reaches the cache", async () => {
    const paths = ["/news?page=2", "/en/news", "/", "/bio", "/rss.xml", "/sitemap.xml", "/robots.txt"];
    for (const path of paths) {
      const forged = await raw(server.url, "GET", path, { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" } });
      expect(forged.status, path).toBeLessThan(400);
      expect(forged.body, `forged ${path}`).not.toContain("evil.example");
      const plain = await raw(server.url, "GET", path);
      expect(plain.status, path).toBe(forged.status);
      expect(plain.body, `plain ${path}`).not.toContain("evil.example");
    }
    // The origin pages read is the Host's: the canonical of a plain request names this server.
    const page = await raw(server.url, "GET", "/news?page=2");
    expect(page.body).toContain(`<link rel="canonical" href="http://127.0.0.1:${server.port}/news`);
  });

  it("a forged port or host in X-Forwarded-Host changes nothing either", async () => {
    for (const forwarded of ["evil.example:8443", "127.0.0.1:1", "evil.example, 127.0.0.1"]) {
      const forged = await raw(server.url, "GET", "/en/news", { headers: { "X-Forwarded-Host": forwarded } });
      expect(forged.body).not.toContain("evil.example");
      expect(forged.body).not.toContain("127.0.0.1:1/");
      expect(forged.body).toContain(`http://127.0.0.1:${server.port}/en/news`);
    }
  });
});
