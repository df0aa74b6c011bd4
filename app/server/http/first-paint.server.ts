import { Transform, type TransformCallback } from "node:stream";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "~/lib/after-first-paint";

// React Router's <Scripts/> output: its <link rel="modulepreload"> (React hoists them into
// <head>) and its one inline <script type="module">. Nothing else in a page is a module script.
const MODULE_PRELOAD = /(<link\b[^>]*?\brel=")modulepreload(")/g;
const MODULE_SCRIPT = /(<script\b[^>]*?\btype=")module(")/g;

function makeInertTag(tag: string): string {
  return tag.replace(MODULE_PRELOAD, `$1${INERT_PRELOAD_REL}$2`).replace(MODULE_SCRIPT, `$1${INERT_MODULE_TYPE}$2`);
}

const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
/** Every match of the two patterns above ends in one of these (React escapes `"` and `<` in text and attribute values). */
const CANDIDATES = [Buffer.from('"modulepreload"'), Buffer.from('"module"')];

/** Where the next candidate starts at or after `from`, each pattern searched again only once passed. */
function candidateFinder(bytes: Buffer) {
  const found = CANDIDATES.map((candidate) => bytes.indexOf(candidate));
  return (from: number): number => {
    let next = -1;
    CANDIDATES.forEach((candidate, i) => {
      if (found[i]! !== -1 && found[i]! < from) found[i] = bytes.indexOf(candidate, from);
      if (found[i]! !== -1 && (next === -1 || found[i]! < next)) next = found[i]!;
    });
    return next;
  };
}

/**
 * The page's bytes with its module preloads and module script made inert. Only the few tags that
 * hold a candidate are decoded and rewritten: a page is about 100 KB (a third of it the inline
 * stylesheet), and decoding it all, running the patterns over it and encoding it again cost about 5 %
 * of a render.
 */
function makeInert(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  const nextCandidate = candidateFinder(bytes);
  let from = 0;
  for (let at = nextCandidate(0); at !== -1; at = nextCandidate(from)) {
    // The tag the candidate is in: from its "<" to its ">" (a tag is never cut: see `flush`).
    const start = Math.max(from, bytes.lastIndexOf(LESS_THAN, at));
    const close = bytes.indexOf(GREATER_THAN, at);
    const end = close === -1 ? bytes.length : close + 1;
    parts.push(bytes.subarray(from, start), Buffer.from(makeInertTag(bytes.toString("utf8", start, end))));
    from = end;
  }
  if (parts.length === 0) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
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
 * with no ">" after it): it waits for the next one. Cutting at a "<" never cuts a UTF-8 character.
 */
class InertHydrationScripts extends Transform {
  private held: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    // React never writes into a view it has handed over (it starts a new one), so no copy is needed.
    this.held.push(chunk);
    callback();
  }

  /** Called by React after each batch of writes (the name zlib streams use for the same thing). */
  flush() {
    const bytes = Buffer.concat(this.held);
    const open = bytes.lastIndexOf(LESS_THAN);
    const cut = open !== -1 && bytes.indexOf(GREATER_THAN, open) === -1 ? open : bytes.length;
    this.held = cut < bytes.length ? [bytes.subarray(cut)] : [];
    if (cut > 0) this.push(makeInert(bytes.subarray(0, cut)));
  }

  override _flush(callback: TransformCallback) {
    const rest = Buffer.concat(this.held);
    this.held = [];
    callback(null, rest.length > 0 ? makeInert(rest) : undefined);
  }
}

export function inertHydrationScripts(): Transform {
  return new InertHydrationScripts();
}
