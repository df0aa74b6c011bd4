import { describe, expect, it } from "vitest";
import { clampScale } from "~/components/gallery/ImageViewer";
import { pageWindow } from "~/components/layout/Pagination";
import { contactValuesFrom, validateContactFields } from "~/lib/contact-schema";
import { isWorkSubcategory } from "~/lib/content-types";
import { externalHref } from "~/lib/paths";
import { htmlToText } from "~/lib/html-text";
import { transportOptions } from "../../core/smtp.mjs";
import { buildSearchIndex, matchSearchIndex, queryTerms, wordsOf, type SearchSources } from "~/server/domain/search.server";

describe("search matching", () => {
  it("folds case and accents and splits words", () => {
    expect(wordsOf("Perché la NOTTE – dell'acqua")).toBe(" perche la notte dell acqua ");
    expect(queryTerms("  Perché  compos perché ")).toEqual(["perche", "compos"]);
    expect(queryTerms("   ")).toEqual([]);
  });

  it("decodes HTML descriptions before matching", () => {
    expect(htmlToText("<p>Perch&eacute; <strong>ascoltare</strong>&nbsp;il&#32;silenzio &amp; &#x263A;</p><script>x()</script>")).toBe(
      "Perché ascoltare il silenzio & ☺",
    );
  });

  /** An art-direction work of the label, the fields each entry below does not set. */
  const work = {
    category: "Nebbia Records",
    url: "",
    description: "",
    description_eng: "",
    artists: [] as { id: number; name: string; link: string }[],
    link: "",
    year: 2015,
    producer: "",
    producer_eng: "",
  };
  const sources: SearchSources = {
    music: [
      {
        id: 1,
        slug: "perche-la-notte",
        title: "Perché la notte",
        titleEng: "Why the Night",
        description: "Un tema per pianoforte",
        descriptionEng: "A piano theme",
        img: "/media/a.jpg",
        link: null,
        category: { name: "COLONNE SONORE", nameEng: "SOUNDTRACKS" },
      },
      {
        id: 2,
        slug: "altro",
        title: "Altro brano",
        titleEng: "",
        description: "Una composizione notturna",
        descriptionEng: "",
        img: "",
        link: "example.com/x",
        category: { name: "TEATRO", nameEng: "THEATRE" },
      },
    ],
    news: [
      {
        id: 7,
        slug: "silenzio",
        title: "Perché ascoltare il silenzio",
        titleEng: "Why listen to silence",
        description: "<p>Una composizione &egrave; nata</p>",
        descriptionEng: "<p>A composition was born</p>",
        image: null,
        category: { name: "Eventi", nameEng: "Events" },
      },
    ],
    artDirection: [
      {
        ...work,
        id: 1,
        subcategory: "Concerti",
        url: "/media/c.jpg",
        title: "Nebbia Night",
        title_eng: "Fog Night",
        artists: [{ id: 1, name: "Quartetto Aurelio", link: "" }],
        year: 2019,
      },
      // the label's description and its "Lable" entry: never results of their own
      { ...work, id: 2, subcategory: "description", title: "Nebbia Records", title_eng: "Nebbia Records" },
      { ...work, id: 3, subcategory: "Lable", title: "Direzione artistica", title_eng: "Artistic direction" },
    ],
    labelCategories: [{ name: "Nebbia Records", nameEng: "Nebbia Records" }],
  };
  const index = buildSearchIndex(sources);
  const keys = (q: string) => matchSearchIndex(index, queryTerms(q)).map((e) => e.key);

  it("finds accent-folded word prefixes in both languages, never inside words", () => {
    expect(keys("perche")).toEqual(["compositions:1", "news:7"]);
    expect(keys("PERCHÉ")).toEqual(["compositions:1", "news:7"]);
    expect(keys("silence")).toEqual(["news:7"]);
    expect(keys("compos")).toEqual(["compositions:2", "news:7"]);
    expect(keys("omposizione")).toEqual([]);
    expect(keys("perche silenz")).toEqual(["news:7"]);
    expect(keys("zzz perche")).toEqual([]);
    expect(keys("perche zzz")).toEqual([]);
    expect(keys("aurelio")).toEqual(["artDirection:1"]);
  });

  it("finds a composition by its English title, shown on English results only; no English title falls back", () => {
    expect(keys("why night")).toEqual(["compositions:1"]);
    const byKey = Object.fromEntries(index.entries.map((e) => [e.key, e]));
    expect(byKey["compositions:1"]?.title).toEqual({ it: "Perché la notte", en: "Why the Night" });
    expect(byKey["compositions:2"]?.title).toEqual({ it: "Altro brano", en: "Altro brano" });
  });

  it("ranks title matches above description matches", () => {
    expect(keys("notte")).toEqual(["compositions:1"]);
    expect(keys("nott")).toEqual(["compositions:1", "compositions:2"]);
  });

  it("leaves out the label and description texts of art direction", () => {
    expect(index.entries.filter((e) => e.type === "artDirection").map((e) => e.key)).toEqual(["artDirection:1"]);
    expect(keys("direzione")).toEqual([]);
    expect(keys("records")).toEqual([]);
    expect(isWorkSubcategory("Lable")).toBe(false);
    expect(isWorkSubcategory(" description ")).toBe(false);
    expect(isWorkSubcategory("Concerti")).toBe(true);
  });

  it("links compositions to their page or out, news and art direction to theirs", () => {
    const byKey = Object.fromEntries(index.entries.map((e) => [e.key, e]));
    expect(byKey["compositions:1"]).toMatchObject({ href: "/compositions/colonne%20sonore/perche-la-notte", external: false });
    expect(byKey["compositions:2"]).toMatchObject({ href: "https://example.com/x", external: true });
    expect(byKey["news:7"]).toMatchObject({ href: "/news/silenzio", title: { it: "Perché ascoltare il silenzio", en: "Why listen to silence" } });
    expect(byKey["artDirection:1"]).toMatchObject({ href: "/art-direction/nebbia%20records", category: { it: "Nebbia Records", en: "Nebbia Records" } });
  });
});

describe("pagination window", () => {
  it("shows first, last and the neighbours, with one ellipsis per gap", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe("contact form fields", () => {
  const form = (fields: Record<string, string>) => contactValuesFrom(new URLSearchParams(fields));

  it("answers the spec's messages in the visitor's language", () => {
    expect(validateContactFields(form({}), "it")).toEqual({
      name: "Campo obbligatorio",
      email: "Campo obbligatorio",
      description: "Campo obbligatorio",
      privacy: "Campo obbligatorio",
    });
    expect(validateContactFields(form({ name: "  " }), "en").name).toBe("Mandatory field");
    for (const bad of ["a@b", "a b@c.d", "@c.d", "ab.cd", "a@b c.d"]) {
      expect(validateContactFields(form({ email: bad }), "it").email, bad).toBe("Email non valida");
      expect(validateContactFields(form({ email: bad }), "en").email, bad).toBe("Invalid email");
    }
    expect(validateContactFields(form({ name: "Anna", email: " anna@example.it ", description: "Ciao", privacy: "on" }), "it")).toEqual({});
    expect(validateContactFields(form({ name: "x".repeat(201), email: "a@b.it", description: "Ciao", privacy: "on" }), "it").name).toBe("Testo troppo lungo");
  });
});

describe("small helpers", () => {
  it("reads SMTP_URL into nodemailer options", () => {
    expect(transportOptions("smtp://127.0.0.1:2525")).toMatchObject({ host: "127.0.0.1", port: 2525, secure: false, ignoreTLS: true });
    expect(transportOptions("smtps://user:p%40ss@mail.example.com")).toMatchObject({
      port: 465,
      secure: true,
      ignoreTLS: false,
      auth: { user: "user", pass: "p@ss" },
    });
    expect(transportOptions("smtp://mail.example.com?requireTLS=true")).toMatchObject({ port: 587, secure: false, ignoreTLS: false, requireTLS: true });
  });

  it("makes content links safe to follow", () => {
    expect(externalHref("www.example.com")).toBe("https://www.example.com");
    expect(externalHref("https://x.example")).toBe("https://x.example");
    expect(externalHref("javascript:alert(1)")).toBeNull();
    expect(externalHref("  ")).toBeNull();
  });

  it("keeps image zoom within 0.5 and 3", () => {
    expect(clampScale(10)).toBe(3);
    expect(clampScale(0.1)).toBe(0.5);
    expect(clampScale(1.5)).toBe(1.5);
  });
});

describe("one plain-text rule for rich HTML (cards, search, feeds)", () => {
  it("joins inline elements without inventing spaces and separates blocks", () => {
    // Cards and search used two copies that disagreed: "abc" on cards, "a b c" in search.
    expect(htmlToText("a<span>b</span>c")).toBe("abc");
    expect(htmlToText("<p>uno</p><p>due</p>")).toBe("uno due");
  });
  it("decodes the same entities everywhere, &reg; included", () => {
    expect(htmlToText("Marchio&reg; &trade;")).toBe("Marchio® ™");
  });
});
