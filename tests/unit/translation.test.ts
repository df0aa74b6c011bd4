// The browser reads the texts with app/lib/translation.tsx's `translate`; the server renders them with
// i18next. A text that differs is a hydration mismatch (and a wrong text), so every key of both
// languages is asked of both, with and without the values its placeholders name, and each plural
// with several counts.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import resources from "~/locales";
import { NAMESPACES } from "~/locales/namespaces";
import { LANGUAGES, type Lang } from "~/lib/i18n";
import { translate } from "~/lib/translation";
import { getInstance, i18nextMiddleware, translationsOf } from "~/server/platform/i18n.server";

async function serverTranslations(lang: Lang) {
  const context = new RouterContextProvider();
  const args = { request: new Request(`http://localhost${lang === "en" ? "/en" : "/"}`), context, params: {} };
  await i18nextMiddleware(args as unknown as Parameters<typeof i18nextMiddleware>[0], async () => new Response());
  return translationsOf(getInstance(context));
}

type Tree = { [key: string]: string | Tree };

/** Every text of a tree as [key, text]. */
function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the browser's texts are the server's", () => {
  for (const lang of LANGUAGES) {
    it(`every key of ${lang}, with and without its values, and each plural for 0, 1, 2 and 5`, async () => {
      const server = await serverTranslations(lang);
      expect(server.lang).toBe(lang);
      let asked = 0;
      for (const ns of NAMESPACES) {
        const t = server.fixedT(ns) as unknown as (key: string, options?: Record<string, unknown>) => string;
        const texts = resources[lang][ns] as Tree;
        // Italian's keys are the source of truth: a key English lacks would differ here (the server falls back to Italian).
        for (const [written, text] of leaves(resources.it[ns] as Tree)) {
          const key = written.replace(PLURAL, "");
          const names = [...text.matchAll(/{{(.+?)}}/g)].map((m) => (m[1] ?? "").trim());
          const values = Object.fromEntries(names.map((name, i) => [name, name === "count" ? 2 : `value ${i} <b>`]));
          const cases: (Record<string, unknown> | undefined)[] = [undefined, {}, values];
          if (names.length > 0) cases.push({ ...values, [names[0] ?? ""]: undefined }, { ...values, [names[0] ?? ""]: null });
          if (PLURAL.test(written)) for (const count of [0, 1, 2, 5]) cases.push({ ...values, count });
          for (const options of cases) {
            expect(translate(lang, texts, key, options), `${lang} ${ns}:${key} ${JSON.stringify(options)}`).toBe(t(key, options));
            asked += 1;
          }
        }
        expect(translate(lang, texts, "no.such.key")).toBe(t("no.such.key"));
      }
      expect(asked).toBeGreaterThan(500);
    });
  }
});
