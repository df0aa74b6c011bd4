import { StringDecoder } from "node:string_decoder";
import { Transform, type TransformCallback } from "node:stream";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "~/lib/after-first-paint";

// React Router's <Scripts/> output: its <link rel="modulepreload"> (React hoists them into
// <head>) and its one inline <script type="module">. Nothing else in a page is a module script.
const MODULE_PRELOAD = /(<link\b[^>]*?\brel=")modulepreload(")/g;
const MODULE_SCRIPT = /(<script\b[^>]*?\btype=")module(")/g;

function makeInert(html: string): string {
  return html.replace(MODULE_PRELOAD, `$1${INERT_PRELOAD_REL}$2`).replace(MODULE_SCRIPT, `$1${INERT_MODULE_TYPE}$2`);
}

/**
 * Rewrites a rendered document so its hydration scripts are inert until the first paint (ADR 015; why and
 * how they come alive: app/lib/after-first-paint.ts).
 *
 * React writes the document in slices of a few kilobytes and calls `flush()` on its destination
 * when it has written all it has for now (the shell, then each streamed part). The slices are held
 * until that call and passed on as one chunk: every chunk downstream costs a compression flush
 * (React Router flushes the response after each chunk), and a brotli flush per 2-4 KB slice cost
 * more CPU than the rest of the compression of a page. A tag may still be cut at a flush (a "<"
 * with no ">" after it): it waits for the next one.
 */
class InertHydrationScripts extends Transform {
  private readonly decoder = new StringDecoder("utf8");
  private held = "";

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.held += this.decoder.write(chunk);
    callback();
  }

  /** Called by React after each batch of writes (the name zlib streams use for the same thing). */
  flush() {
    const text = this.held;
    const open = text.lastIndexOf("<");
    const cut = open !== -1 && !text.includes(">", open) ? open : text.length;
    this.held = text.slice(cut);
    if (cut > 0) this.push(makeInert(text.slice(0, cut)));
  }

  override _flush(callback: TransformCallback) {
    const rest = this.held + this.decoder.end();
    this.held = "";
    callback(null, rest ? makeInert(rest) : undefined);
  }
}

export function inertHydrationScripts(): Transform {
  return new InertHydrationScripts();
}
