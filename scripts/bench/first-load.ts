// The JavaScript a first visit of a page loads before the page runs (issue 33's budget): measured by the
// benchmark (`npm run bench pages`) and held to its budget by tests/e2e/first-paint.test.ts.

/** What Chromium sends: the server answers it with the brotli twin of a built file. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/**
 * The built scripts a first visit of `page` loads before it runs: what its HTML preloads and imports
 * (served inert and made live after the first paint, app/lib/after-first-paint.ts; the inline route
 * manifest names other routes' chunks too, which are not counted), and the texts of the page's
 * language, which the entry script imports before hydrating: the one of its dynamic imports that
 * holds the page's skip link.
 */
export async function firstLoadScripts(url: string, page: string): Promise<string[]> {
  const html = await (await fetch(`${url}${page}`)).text();
  // preloads (`rel`), and the module script's static (`from "`, `import "`) and dynamic (`import("`) imports
  const scripts = [...html.matchAll(/(?:rel="(?:x-)?modulepreload" href="|from "|import "|import\(")(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1] ?? "");
  const entry = scripts.find((script) => script.startsWith("/assets/entry.client-"));
  const skipLink = /<a class="skip-link" href="#main">([^<]+)<\/a>/.exec(html)?.[1];
  if (!entry || !skipLink) throw new Error(`${page}: no entry script or no skip link in the page`);
  const entryCode = await (await fetch(`${url}${entry}`)).text();
  const texts: string[] = [];
  for (const [, file] of entryCode.matchAll(/import\("\.\/([\w.-]+\.js)"\)/g)) {
    const code = await (await fetch(`${url}/assets/${file}`)).text();
    if (code.includes(`"${skipLink}"`)) texts.push(`/assets/${file}`);
  }
  if (texts.length !== 1) throw new Error(`${page}: ${texts.length} chunks of the entry hold the page's texts, not one`);
  return [...new Set([...scripts, ...texts])];
}

/**
 * One file as it travels: `bytes` is its body (Content-Length, the encoded size), `transferred` adds
 * the status line and headers as HTTP/1.1 sends them, which is what Lighthouse counts (its "transfer
 * size"): on a first visit of 20 small files the headers were 10 KB of issue 33's 115.
 */
export type ScriptOnTheWire = { file: string; bytes: number; transferred: number; encoding: string };

function headerBytes(response: Response): number {
  let size = `HTTP/1.1 ${response.status} ${response.statusText}\r\n\r\n`.length;
  response.headers.forEach((value, name) => (size += `${name}: ${value}\r\n`.length));
  return size;
}

/** Each of `page`'s first-load scripts as sent for `acceptEncoding`: Content-Length is the encoded size. */
export async function firstLoadJavaScript(url: string, page: string, acceptEncoding = BROWSER_ACCEPT_ENCODING): Promise<ScriptOnTheWire[]> {
  const scripts = await firstLoadScripts(url, page);
  return Promise.all(
    scripts.map(async (file) => {
      const response = await fetch(`${url}${file}`, { headers: { "accept-encoding": acceptEncoding } });
      const body = await response.arrayBuffer();
      const bytes = Number(response.headers.get("content-length") ?? body.byteLength);
      return {
        file,
        bytes,
        transferred: bytes + headerBytes(response),
        encoding: response.headers.get("content-encoding") ?? "identity",
      };
    }),
  );
}
