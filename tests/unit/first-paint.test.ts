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
async function rewrite(slices: Buffer[], flushAfter: number[] = []): Promise<{ bytes: Buffer; text: string; parts: string[] }> {
  const stream = inertHydrationScripts() as ReturnType<typeof inertHydrationScripts> & { flush(): void };
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
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
  // The text a browser reads: a chunk may end inside a UTF-8 character when a slice did.
  const bytes = Buffer.concat(chunks);
  return { bytes, text: bytes.toString("utf8"), parts: chunks.map((chunk) => chunk.toString("utf8")) };
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

  it("passes every byte outside the rewritten tags on as it is (the page is not decoded and encoded again)", async () => {
    // Bytes that are not UTF-8 would come out as U+FFFD if the page went through a string.
    const odd = Buffer.from([0xff, 0xfe, 0x80]);
    const [head, tail] = PAGE.split("<main>") as [string, string];
    const { bytes } = await rewrite([Buffer.concat([Buffer.from(`${head}<main>`), odd, Buffer.from(tail)])]);
    expect(bytes).toEqual(Buffer.concat([Buffer.from(`${EXPECTED.split("<main>")[0]}<main>`), odd, Buffer.from(EXPECTED.split("<main>")[1]!)]));
  });

  it("passes on what React wrote when it flushes, as one chunk (streamed parts of a page are not held back)", async () => {
    const slices = ["<main>first", "</main>", "<p>second</p>", "<p>third</p>"].map((text) => Buffer.from(text));
    const { parts } = await rewrite(slices, [1, 2]);
    expect(parts).toEqual(["<main>first</main>", "<p>second</p>", "<p>third</p>"]);
  });
});
