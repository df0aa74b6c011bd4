import { describe, expect, it } from "vitest";
import { parseListParams, listHref } from "~/lib/list-params";
import { sanitizeRichHtml } from "~/server/domain/sanitize.server";
import { parseFileEntries } from "~/server/http/content-forms.server";
import { cleanDisplayName } from "~/server/domain/uploads.server";

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

describe("sanitizeRichHtml", () => {
  it("keeps the allowlist and drops everything else", () => {
    const dirty =
      '<p onclick="x()">Ciao <strong>forte</strong> <em>e</em> <u>u</u> <s>s</s><script>alert(1)</script><img src=x onerror=alert(1)></p>' +
      '<h2>T</h2><h4>no</h4><blockquote>q</blockquote><iframe src="https://evil"></iframe><style>p{}</style>' +
      '<a href="javascript:alert(1)">js</a><a href="https://example.com" onclick="x">ok</a><a href="mailto:a@b.it">m</a><a href="data:text/html,x">d</a>';
    const clean = sanitizeRichHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|iframe|style|javascript:|data:|<img|<h4/);
    expect(clean).toContain("<strong>forte</strong>");
    expect(clean).toContain("<h2>T</h2>");
    expect(clean).toContain("<blockquote>q</blockquote>");
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(clean).toContain('<a href="mailto:a@b.it">m</a>');
    expect(sanitizeRichHtml('<a href="/news">n</a><a href="//evil.example">e</a><a href="/\\evil.example">f</a>')).toBe(
      '<a href="/news">n</a><a>e</a><a>f</a>',
    );
  });

  it("turns Quill 2 bullet lists into <ul> and empties an empty editor", () => {
    expect(sanitizeRichHtml('<ol><li data-list="bullet">a</li><li data-list="bullet">b</li></ol>')).toBe("<ul><li>a</li><li>b</li></ul>");
    expect(sanitizeRichHtml('<ol><li data-list="ordered">a</li></ol>')).toBe("<ol><li>a</li></ol>");
    expect(sanitizeRichHtml("<p><br></p>")).toBe("");
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
    const { loginRedirectFor } = await import("~/server/domain/session.server");
    expect(loginRedirectFor(new Request("http://x/admin/newsList?q=a"))).toBe("/login?redirectTo=%2Fadmin%2FnewsList%3Fq%3Da");
    expect(loginRedirectFor(new Request("http://x/admin/newsList.data?q=a&_routes=routes%2Fadmin%2Fnews-list"))).toBe(
      "/login?redirectTo=%2Fadmin%2FnewsList%3Fq%3Da",
    );
    expect(loginRedirectFor(new Request("http://x/admin/_.data"))).toBe("/login?redirectTo=%2Fadmin%2F");
  });
});
