import xssDefault from "xss";
import type * as xssNamed from "xss";
import { describe, expect, it, vi } from "vitest";
import { categoryKey, categoryPath, compositionPath, CONTENT_LINK, contentHref, externalHref, followLink } from "~/lib/paths";
import { videoEmbed } from "~/lib/video";
import { decodeEntities, htmlExcerpt, htmlToText } from "~/lib/html-text";
import { sanitizeRichHtml as sanitizeHtml } from "~/server/domain/sanitize.server";

describe("videoEmbed", () => {
  it("turns YouTube watch, share, shorts and embed URLs into the no-cookie embed", () => {
    const expected = "https://www.youtube-nocookie.com/embed/q7Xk2LmP9aT";
    for (const url of [
      "https://www.youtube.com/watch?v=q7Xk2LmP9aT",
      "https://youtube.com/watch?feature=share&v=q7Xk2LmP9aT&t=30",
      "https://m.youtube.com/watch?v=q7Xk2LmP9aT",
      "https://youtu.be/q7Xk2LmP9aT?si=abc",
      "https://www.youtube.com/shorts/q7Xk2LmP9aT",
      "https://www.youtube.com/embed/q7Xk2LmP9aT",
      "www.youtube.com/watch?v=q7Xk2LmP9aT",
    ]) {
      expect(videoEmbed(url)?.embedUrl, url).toBe(expected);
    }
  });

  it("turns Vimeo page and player URLs into the Vimeo player", () => {
    expect(videoEmbed("https://vimeo.com/742915638")?.embedUrl).toBe("https://player.vimeo.com/video/742915638");
    expect(videoEmbed("https://vimeo.com/channels/staffpicks/742915638")?.embedUrl).toBe("https://player.vimeo.com/video/742915638");
    expect(videoEmbed("https://player.vimeo.com/video/742915638?h=1")?.embedUrl).toBe("https://player.vimeo.com/video/742915638");
  });

  it("refuses anything else", () => {
    for (const url of [
      "",
      "not a url",
      "https://example.com/watch?v=q7Xk2LmP9aT",
      "https://www.youtube.com/watch?v=<script>",
      "javascript:alert(1)",
      "https://vimeo.com/about",
    ]) {
      expect(videoEmbed(url), url).toBeNull();
    }
    expect(videoEmbed(null)).toBeNull();
  });
});

describe("composition links", () => {
  it("lower-cases the category and encodes spaces", () => {
    expect(categoryPath("COLONNE SONORE")).toBe("/compositions/colonne%20sonore");
    expect(compositionPath("TEATRO", "la-tempesta-suite")).toBe("/compositions/teatro/la-tempesta-suite");
  });
  it("matches category names whatever the case, spaces or hyphens", () => {
    expect(categoryKey("COLONNE SONORE")).toBe(categoryKey("colonne-sonore"));
    expect(categoryKey(" Colonne  Sonore ")).toBe("colonne-sonore");
  });
  it("prepends https:// to links without a scheme only", () => {
    expect(externalHref("nebbiarecords.bandcamp.com/album/x")).toBe("https://nebbiarecords.bandcamp.com/album/x");
    expect(externalHref("https://open.spotify.com/a")).toBe("https://open.spotify.com/a");
    expect(externalHref("http://example.com")).toBe("http://example.com");
  });
  it("never lets a script or data URL through", () => {
    expect(externalHref("javascript:alert(1)")).toBeNull();
    expect(externalHref(" JavaScript:alert(1)")).toBeNull();
    expect(externalHref("data:text/html,<script>")).toBeNull();
    expect(externalHref("ftp://files.example/x")).toBeNull();
  });
  it("is one rule for compositions, art direction and search: mailto stays a mail link", () => {
    // The compositions' copy turned it into https://mailto:x, the art direction's kept it.
    expect(externalHref("mailto:studio@example.com")).toBe("mailto:studio@example.com");
    expect(externalHref("  ")).toBeNull();
    expect(externalHref("www.example.com:8080/a")).toBe("https://www.example.com:8080/a");
  });
  it("content links (issue 35): web pages, e-mail, telephone and paths of the site; never text that is no address", () => {
    expect(followLink("instagram.com/elenamarchetti", CONTENT_LINK)).toBe("https://instagram.com/elenamarchetti");
    expect(followLink("//cdn.example.com/a", CONTENT_LINK)).toBe("https://cdn.example.com/a");
    expect(followLink("tel:+39 051 123456", CONTENT_LINK)).toBe("tel:+39 051 123456");
    expect(followLink("mailto:studio@example.com?subject=Concerto", CONTENT_LINK)).toBe("mailto:studio@example.com?subject=Concerto");
    expect(followLink("/compositions", CONTENT_LINK)).toBe("/compositions");
    expect(contentHref("/compositions", "en")).toBe("/en/compositions");
    for (const refused of [
      "non è un indirizzo",
      "elenamarchetti",
      "mailto:elena",
      "tel:chiamami",
      "/\\evil.example",
      "https://example.com/a b",
      "data:text/html,x",
    ]) {
      expect(followLink(refused, CONTENT_LINK), refused).toBeNull();
    }
    // Outside links (compositions, labels in search) are no paths of the site.
    expect(externalHref("/compositions")).toBeNull();
  });
});

describe("news HTML", () => {
  it("decodes named and numeric entities", () => {
    expect(decodeEntities("caff&egrave; &amp; t&#232; &#x2014; &laquo;ok&raquo; &unknown;")).toBe("caffè & tè — «ok» &unknown;");
  });

  it("reduces HTML to the text a reader sees", () => {
    expect(htmlToText("<p>Uno <strong>due</strong></p><p>tre&nbsp;quattro</p><script>alert(1)</script><ul><li>a</li><li>b</li></ul>")).toBe(
      "Uno due tre quattro a b",
    );
  });

  it("cuts the excerpt at 150 characters with an ellipsis, never inside a tag or an entity", () => {
    const sentence = "La colonna sonora &egrave; <strong>candidata</strong> al premio. ";
    const html = `<p>${sentence.repeat(6)}</p>`;
    const excerpt = htmlExcerpt(html);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(151);
    expect(excerpt).not.toMatch(/[<>]|&[a-z#0-9]*;?/i);
    expect(excerpt.startsWith("La colonna sonora è candidata al premio. La colonna")).toBe(true);
    // exactly the first 150 characters of the text (minus a trailing space)
    const text = htmlToText(html);
    expect(excerpt.slice(0, -1)).toBe(text.slice(0, 150).trimEnd());
  });

  it("leaves short texts whole, without an ellipsis", () => {
    expect(htmlExcerpt("<p>Breve &amp; chiaro</p>")).toBe("Breve & chiaro");
  });

  it("keeps formatting and safe links, drops scripts, handlers and javascript: URLs", () => {
    const html = sanitizeHtml(
      '<p onclick="x()">Testo <strong>forte</strong> <a href="javascript:alert(1)">male</a> <a href="https://example.com">bene</a></p><script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil"></iframe>',
    );
    expect(html).toContain("<strong>forte</strong>");
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">bene</a>');
    expect(html).not.toMatch(/onclick|onerror|<script|javascript:|<iframe|alert/);
  });

  it("runs the allowlist once per text: a page renders the same stored texts on every render", () => {
    // xss is CommonJS: its class is on the default export (as sanitize.server.ts reads it).
    const { FilterXSS } = xssDefault as unknown as typeof xssNamed;
    const filtered = vi.spyOn(FilterXSS.prototype, "process");
    try {
      const text = `<p>Una biografia <em>${Math.random()}</em><script>alert(1)</script></p>`;
      const first = sanitizeHtml(text);
      expect(sanitizeHtml(text)).toBe(first);
      expect(first).not.toContain("<script");
      expect(filtered).toHaveBeenCalledTimes(1);
    } finally {
      filtered.mockRestore();
    }
  });
});

describe("plain text saved as rich text (the textarea without JavaScript)", () => {
  it("blank lines make paragraphs, single line breaks <br>, the text is escaped", () => {
    expect(sanitizeHtml("Uno, 3 < 4 & 5\r\n\r\nDue\r\nriga  \r\n \r\n\r\nTre <b")).toBe("<p>Uno, 3 &lt; 4 &amp; 5</p><p>Due<br>riga</p><p>Tre &lt;b</p>");
  });

  it("text with tags is HTML and stays as it is", () => {
    expect(sanitizeHtml("<p>Uno</p>\n\n<p>Due</p>")).toBe("<p>Uno</p>\n\n<p>Due</p>");
  });
});
