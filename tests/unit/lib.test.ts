import { describe, expect, it, vi } from "vitest";
import { formatDateDash, formatDateSlash, formatDateTime, todayIso } from "~/lib/format";
import { isLocalizablePath, localizePath, localized, stripLang } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { slugify, uniqueSlug } from "~/lib/slug";

describe("slugify", () => {
  it("folds Italian accents and punctuation", () => {
    expect(slugify("Perché la notte")).toBe("perche-la-notte");
    expect(slugify("  Città & Università!  ")).toBe("citta-e-universita");
    expect(slugify("È già l'alba")).toBe("e-gia-l-alba");
  });
  it("never gives an empty slug", () => {
    expect(slugify("!!!")).toBe("item");
  });
  it("adds a counter until the slug is free", async () => {
    const taken = new Set(["notte", "notte-2"]);
    expect(await uniqueSlug("Notte", async (s) => taken.has(s))).toBe("notte-3");
  });
});

describe("language paths", () => {
  it("maps pages between Italian and English", () => {
    expect(localizePath("/news", "en")).toBe("/en/news");
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/en", "it")).toBe("/");
    expect(localizePath("/en/news/x", "it")).toBe("/news/x");
    expect(localizePath("/en/news", "en")).toBe("/en/news");
    expect(stripLang("/english")).toBe("/english");
  });
  it("leaves admin, login, api and files unprefixed", () => {
    for (const p of ["/admin", "/admin/newsList", "/login", "/api/news/", "/data/bio.json", "/media/x.jpg", "/healthz"]) {
      expect(isLocalizablePath(p)).toBe(false);
      expect(localizePath(p, "en")).toBe(p);
    }
  });
  it("picks the field of the language, falling back to Italian", () => {
    expect(localized({ title: "Ciao", title_eng: "Hello" }, "title", "en")).toBe("Hello");
    expect(localized({ title: "Ciao", titleEng: "Hello" }, "title", "en")).toBe("Hello");
    expect(localized({ title: "Ciao", title_eng: "Hello" }, "title", "it")).toBe("Ciao");
    expect(localized({ title: "Ciao", title_eng: "" }, "title", "en")).toBe("Ciao");
  });
});

describe("dates", () => {
  it("formats as SPEC.md 9 says", () => {
    expect(formatDateDash("2026-03-07")).toBe("07-03-2026");
    expect(formatDateSlash("2026-03-07")).toBe("07/03/2026");
    expect(formatDateTime(new Date("2026-07-01T08:05:00Z"))).toBe("01-07-2026 10:05");
    expect(todayIso(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });

  it("formats with one Intl formatter for the process (creating one per date cost ten times the formatting: staff lists format a date per row)", () => {
    const created = vi.spyOn(Intl, "DateTimeFormat");
    try {
      for (let minute = 0; minute < 20; minute++) formatDateTime(new Date(Date.UTC(2026, 6, 1, 8, minute)));
      expect(formatDateTime(new Date("2026-01-15T23:59:00Z"))).toBe("16-01-2026 00:59");
      expect(created).not.toHaveBeenCalled();
    } finally {
      created.mockRestore();
    }
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-origin paths", () => {
    expect(safeRedirectPath("/admin/newsList?page=2")).toBe("/admin/newsList?page=2");
  });
  it("refuses everything that leaves the site", () => {
    for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "\\\\evil", " //evil.example", "/%5Cevil", ""]) {
      const result = safeRedirectPath(evil, "/admin/");
      expect(result === "/admin/" || (result.startsWith("/") && !result.startsWith("//"))).toBe(true);
      expect(new URL(result, "http://site.test").origin).toBe("http://site.test");
    }
    expect(safeRedirectPath("//evil.example", "/x")).toBe("/x");
    expect(safeRedirectPath(null, "/x")).toBe("/x");
  });
});

describe("idParam (one rule for ids in URLs: admin pages, api/ paths and lookups)", () => {
  it("accepts 1 to 9 digits and nothing else", async () => {
    const { idParam } = await import("~/lib/ids");
    expect(idParam("42")).toBe(42);
    expect(idParam("123456789")).toBe(123456789);
    for (const bad of ["", "0x1", "-1", "1e3", "1234567890", " 1", "1/", null, undefined]) expect(idParam(bad)).toBeNull();
  });
});
