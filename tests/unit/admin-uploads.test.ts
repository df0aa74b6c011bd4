import { describe, expect, it } from "vitest";
import { parseListParams, listHref } from "~/lib/list-params";
import { sanitizeNewsHtml } from "~/server/sanitize.server";
import { cleanDisplayName, detectFileType, parseFileEntries } from "~/server/uploads.server";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("detectFileType (magic bytes, never the name)", () => {
  it.each([
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "image/jpeg"],
    ["png", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
    ["gif", bytes("GIF89a", [0, 0]), "image/gif"],
    ["webp", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["avif", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0]), "image/avif"],
    ["mp3 id3", bytes("ID3", [4, 0, 0, 0, 0, 0]), "audio/mpeg"],
    ["mp3 frame", bytes([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
    ["m4a", bytes([0, 0, 0, 0x20], "ftypM4A ", [0, 0, 0, 0]), "audio/mp4"],
    ["ogg", bytes("OggS", [0, 2]), "audio/ogg"],
    ["flac", bytes("fLaC", [0, 0]), "audio/flac"],
    ["wav", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "), "audio/wav"],
    ["pdf", bytes("%PDF-1.7\n"), "application/pdf"],
  ])("%s", (_name, content, mime) => {
    expect(detectFileType(content)?.mime).toBe(mime);
  });

  it.each([
    ["html", bytes("<!doctype html><script>")],
    ["svg", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["svg with xml prolog", bytes('<?xml version="1.0"?><svg>')],
    ["empty", bytes("")],
    ["exe", bytes("MZ", [0x90, 0])],
  ])("refuses %s", (_name, content) => {
    expect(detectFileType(content)).toBeNull();
  });
});

describe("names from the client", () => {
  it("keeps only a bounded base name for display", () => {
    expect(cleanDisplayName("../../etc/passwd")).toBe("passwd");
    expect(cleanDisplayName("..\\..\\win.ini")).toBe("win.ini");
    expect(cleanDisplayName("..")).toBe("file");
    expect(cleanDisplayName("a\u0000b\nc.pdf")).toBe("abc.pdf");
    expect(cleanDisplayName("x".repeat(500)).length).toBe(200);
  });

  it("parses the enhanced form's file list and drops junk", () => {
    expect(parseFileEntries("not json")).toBeNull();
    expect(parseFileEntries('{"a":1}')).toBeNull();
    expect(parseFileEntries(JSON.stringify([{ temp_name: "t.pdf", display_name: "../a.pdf" }, { url: "/media/x", name: "X" }, 3, null]))).toEqual([
      { temp_name: "t.pdf", display_name: "a.pdf" },
      { url: "/media/x", name: "X" },
    ]);
  });
});

describe("sanitizeNewsHtml", () => {
  it("keeps the allowlist and drops everything else", () => {
    const dirty =
      '<p onclick="x()">Ciao <strong>forte</strong> <em>e</em> <u>u</u> <s>s</s><script>alert(1)</script><img src=x onerror=alert(1)></p>' +
      '<h2>T</h2><h4>no</h4><blockquote>q</blockquote><iframe src="https://evil"></iframe><style>p{}</style>' +
      '<a href="javascript:alert(1)">js</a><a href="https://example.com" onclick="x">ok</a><a href="mailto:a@b.it">m</a><a href="data:text/html,x">d</a>';
    const clean = sanitizeNewsHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|iframe|style|javascript:|data:|<img|<h4/);
    expect(clean).toContain("<strong>forte</strong>");
    expect(clean).toContain("<h2>T</h2>");
    expect(clean).toContain("<blockquote>q</blockquote>");
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(clean).toContain('<a href="mailto:a@b.it">m</a>');
    expect(sanitizeNewsHtml('<a href="/news">n</a><a href="//evil.example">e</a><a href="/\\evil.example">f</a>')).toBe('<a href="/news">n</a><a>e</a><a>f</a>');
  });

  it("turns Quill 2 bullet lists into <ul> and empties an empty editor", () => {
    expect(sanitizeNewsHtml('<ol><li data-list="bullet">a</li><li data-list="bullet">b</li></ol>')).toBe("<ul><li>a</li><li>b</li></ul>");
    expect(sanitizeNewsHtml('<ol><li data-list="ordered">a</li></ol>')).toBe("<ol><li>a</li></ol>");
    expect(sanitizeNewsHtml("<p><br></p>")).toBe("");
  });
});

describe("list parameters", () => {
  it("reads q, page and size from the URL with safe defaults", () => {
    expect(parseListParams("/admin/newsList")).toMatchObject({ q: "", page: 1, size: "30", skip: 0, take: 30 });
    expect(parseListParams("/x?q=%20a%20&page=3&size=50")).toMatchObject({ q: "a", page: 3, size: "50", skip: 100, take: 50 });
    expect(parseListParams("/x?page=-2&size=7")).toMatchObject({ page: 1, size: "30" });
    expect(parseListParams("/x?page=4&size=all")).toMatchObject({ page: 1, size: "all", skip: 0, take: undefined });
    expect(listHref("/admin/newsList", { q: "a b", page: 2, size: "30" })).toBe("/admin/newsList?q=a+b&page=2");
  });
});

describe("loginRedirectFor", () => {
  it("points back at the page, also for client data requests", async () => {
    process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret";
    const { loginRedirectFor } = await import("~/server/session.server");
    expect(loginRedirectFor(new Request("http://x/admin/newsList?q=a"))).toBe("/login?redirectTo=%2Fadmin%2FnewsList%3Fq%3Da");
    expect(loginRedirectFor(new Request("http://x/admin/newsList.data?q=a&_routes=routes%2Fadmin%2Fnews-list"))).toBe(
      "/login?redirectTo=%2Fadmin%2FnewsList%3Fq%3Da",
    );
    expect(loginRedirectFor(new Request("http://x/admin/_.data"))).toBe("/login?redirectTo=%2Fadmin%2F");
  });
});
