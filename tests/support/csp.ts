import crypto from "node:crypto";

/** The sources of a policy's script-src directive. */
export function scriptSources(policy: string): string[] {
  return (/(?:^|;)\s*script-src ([^;]+)/.exec(policy)?.[1] ?? "").trim().split(/\s+/);
}

/** The inline scripts of a page (opening tag and text), as a browser reads them. */
export function inlineScripts(html: string): { tag: string; text: string }[] {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)]
    .filter(([, tag]) => !/\ssrc=/.test(tag!))
    .map(([, tag, text]) => ({ tag: tag!, text: text! }));
}

export function sha256Source(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
}

/**
 * The inline scripts of a page that its policy does not allow, by the nonce they carry (a rendered
 * answer) or by their hash (an answer from the page cache): none, for a page of ours.
 */
export function refusedInlineScripts(html: string, policy: string): string[] {
  const sources = new Set(scriptSources(policy));
  return inlineScripts(html)
    .filter(({ tag, text }) => {
      const nonce = /\snonce="([^"]+)"/.exec(tag)?.[1];
      return !(nonce && sources.has(`'nonce-${nonce}'`)) && !sources.has(sha256Source(text));
    })
    .map(({ tag }) => tag);
}
