// SPEC.md 2.6 in the domain validation, so the admin form and the api/ both store https:// links.
import { describe, expect, it } from "vitest";
import { parseMusicInput } from "~/server/domain/music.server";

describe("music links", () => {
  it("prepends https:// to a link without a scheme and keeps http(s) links", () => {
    const link = (value: string) => {
      const parsed = parseMusicInput({ category: "1", title: "A", mode: "link", link: value });
      return parsed.ok ? parsed.data.link : parsed.errors.link;
    };
    expect(link("bandcamp.com/album/x")).toBe("https://bandcamp.com/album/x");
    expect(link("www.example.com:8080/a")).toBe("https://www.example.com:8080/a");
    expect(link("http://example.com/a")).toBe("http://example.com/a");
    expect(link("javascript:alert(1)")).toMatch(/Indirizzo non valido/);
    expect(link("ftp://files.example.com/x")).toMatch(/Indirizzo non valido/);
  });
});
