// The rewrite that makes a rendered page's hydration scripts inert until the first paint
// (app/server/http/first-paint.server.ts): React writes a page in slices and flushes after each batch,
// and a tag cut between two slices must be rewritten all the same.
import { describe, expect, it } from "vitest";
import { inertHydrationScripts } from "~/server/http/first-paint.server";

const PAGE =
  '<!DOCTYPE html><html lang="it"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="N1"/><link rel="modulepreload" href="/assets/root-b.js" nonce="N1"/>' +
  '<link rel="icon" href="/favicon.svg"/><script nonce="N1">document.documentElement.dataset.js=\'on\'</script>' +
  '<script type="application/ld+json" nonce="N1">{"name":"Città"}</script></head><body><main>Perché è così</main>' +
  '<script nonce="N1">window.__reactRouterContext = {"a":1 < 2};</script>' +
  '<script nonce="N1" type="module" async="">import "/assets/root-b.js";\nimport("/assets/entry.client-a.js");</script></body></html>';

const EXPECTED = PAGE.replaceAll('rel="modulepreload"', 'rel="x-modulepreload"').replace('type="module"', 'type="x-module"');

/** Writes the slices as React does; `flushAfter` lists the slices after which React flushes. */
async function rewrite(slices: Buffer[], flushAfter: number[] = []): Promise<{ text: string; parts: string[] }> {
  const stream = inertHydrationScripts() as ReturnType<typeof inertHydrationScripts> & { flush(): void };
  const parts: string[] = [];
  stream.on("data", (chunk: Buffer) => parts.push(chunk.toString("utf8")));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  slices.forEach((slice, index) => {
    stream.write(slice);
    if (flushAfter.includes(index)) stream.flush();
  });
  stream.end();
  await done;
  return { text: parts.join(""), parts };
}

describe("inertHydrationScripts", () => {
  it("renames the module preloads and the module script, and nothing else", async () => {
    const { text } = await rewrite([Buffer.from(PAGE)]);
    expect(text).toBe(EXPECTED);
    expect(text).not.toContain('rel="modulepreload"');
    expect(text).not.toContain('type="module"');
  });

  it("gives the same page whatever byte the slices are cut at (tags and UTF-8 characters cut in two)", async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      const { text } = await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(text, `cut at byte ${cut}`).toBe(EXPECTED);
      const flushed = await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)], [0]);
      expect(flushed.text, `cut at byte ${cut}, flushed there`).toBe(EXPECTED);
    }
  });

  it("passes on what React wrote when it flushes, as one chunk (streamed parts of a page are not held back)", async () => {
    const slices = ["<main>first", "</main>", "<p>second</p>", "<p>third</p>"].map((text) => Buffer.from(text));
    const { parts } = await rewrite(slices, [1, 2]);
    expect(parts).toEqual(["<main>first</main>", "<p>second</p>", "<p>third</p>"]);
  });
});
