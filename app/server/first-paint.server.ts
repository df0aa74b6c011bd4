import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "~/lib/after-first-paint";

// React Router's <Scripts/> output: its <link rel="modulepreload"> (React hoists them into
// <head>) and its one inline <script type="module">. Nothing else in a page is a module script.
const MODULE_PRELOAD = /(<link\b[^>]*?\brel=")modulepreload(")/g;
const MODULE_SCRIPT = /(<script\b[^>]*?\btype=")module(")/g;

function makeInert(html: string): string {
  return html.replace(MODULE_PRELOAD, `$1${INERT_PRELOAD_REL}$2`).replace(MODULE_SCRIPT, `$1${INERT_MODULE_TYPE}$2`);
}

/**
 * Rewrites a rendered document so its hydration scripts are inert until the first paint (why and
 * how they come alive: app/lib/after-first-paint.ts). React writes the document in slices of a
 * few kilobytes, so a tag may be cut in two: an unfinished tag at the end of a slice (a "<" with
 * no ">" after it) waits for the next one. Anything else is passed on at once, so streamed
 * parts of a page are not held back.
 */
export function inertHydrationScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      const open = text.lastIndexOf("<");
      const cut = open !== -1 && !text.includes(">", open) ? open : text.length;
      pending = text.slice(cut);
      const ready = text.slice(0, cut);
      callback(null, ready ? makeInert(ready) : undefined);
    },
    flush(callback) {
      const rest = pending + decoder.end();
      pending = "";
      callback(null, rest ? makeInert(rest) : undefined);
    },
  });
}
