// The language a request renders in (app/server/platform/i18n.server.ts, ADR 001): from the URL for public
// pages, Italian for admin, the saved choice (the `lng` cookie) for pages without a language in
// their URL, and never Accept-Language.
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getInstance, getLocale, i18nextMiddleware, langCookie } from "~/server/platform/i18n.server";

async function languageOf(path: string, { cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string } = {}) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", await langCookie.serialize(cookie));
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  const context = new RouterContextProvider();
  const args = { request: new Request(`http://localhost${path}`, { headers }), context, params: {} };
  await i18nextMiddleware(args as unknown as Parameters<typeof i18nextMiddleware>[0], async () => new Response());
  return { lang: getLocale(context), instance: getInstance(context) };
}

describe("the language of a request", () => {
  it("public pages: the URL decides, whatever the cookie or Accept-Language say", async () => {
    expect((await languageOf("/news", { cookie: "en", acceptLanguage: "en-GB,en" })).lang).toBe("it");
    expect((await languageOf("/en/news", { cookie: "it", acceptLanguage: "it" })).lang).toBe("en");
  });

  it("admin is always Italian", async () => {
    expect((await languageOf("/admin/", { cookie: "en" })).lang).toBe("it");
  });

  it("a page without a language in its URL follows the saved choice; an unknown one, or none, is Italian", async () => {
    expect((await languageOf("/login", { cookie: "en" })).lang).toBe("en");
    expect((await languageOf("/login", { cookie: "fr" })).lang).toBe("it");
    expect((await languageOf("/login", { acceptLanguage: "en" })).lang).toBe("it");
  });

  it("requests of one language share one i18next instance", async () => {
    const a = await languageOf("/en/bio");
    const b = await languageOf("/en/news");
    expect(a.instance).toBe(b.instance);
    expect(a.instance.language).toBe("en");
    expect((await languageOf("/bio")).instance).not.toBe(a.instance);
  });
});

describe("the texts of a render", () => {
  it("a text asked for without options is looked up once per language; texts with options are made on each call", async () => {
    const { instance } = await languageOf("/en/bio");
    // What components get (useTranslation, app/lib/translation.tsx, asks for getFixedT in every component, every render) and what loaders call.
    const t = instance.getFixedT(null, "common");
    expect(t("skipToContent")).toBe("Skip to content");
    expect(instance.t("nav.home")).toBe("Home");
    const lookups = vi.spyOn(
      // i18next's types leave this method out.
      instance.services.resourceStore as unknown as { getResource: (...args: unknown[]) => unknown },
      "getResource",
    );
    try {
      expect(instance.getFixedT(null, "common")("skipToContent")).toBe("Skip to content");
      expect(instance.t("nav.home")).toBe("Home");
      expect(lookups).not.toHaveBeenCalled();

      expect(t("pageLoaded", { title: "Bio" })).toBe("Page loaded: Bio");
      expect(t("pageLoaded", { title: "News" })).toBe("Page loaded: News");
      expect(instance.t("pageLoaded", { title: "Credits" })).toBe("Page loaded: Credits");
      expect(lookups).toHaveBeenCalled();
      // The other language's instance has its own texts.
      expect((await languageOf("/bio")).instance.getFixedT(null, "common")("pageLoaded", { title: "Bio" })).toBe("Pagina caricata: Bio");
    } finally {
      lookups.mockRestore();
    }
  });
});
