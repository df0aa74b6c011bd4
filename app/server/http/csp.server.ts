import crypto from "node:crypto";

/** A fresh nonce for one response (128 bits, base64). */
export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** Where the video modal embeds from (app/lib/video.ts builds these URLs). */
const VIDEO_HOSTS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * The Content-Security-Policy of every answer. Scripts: our own files and inline scripts carrying
 * this response's nonce (React Router's hydration data, the module loader, ScrollRestoration, the
 * root layout's js flag); a page sent from the page cache has their hashes instead (withScriptHashes). Styles allow inline style attributes: React, plyr, Quill and keen-slider
 * set positions and sizes through `style`. Images and media also come as data:/blob: URLs (the
 * player, the rich-text editor's pasted images before upload, image previews in the admin).
 */
export function contentSecurityPolicy(nonce: string, { https, mediaOrigin }: { https: boolean; mediaOrigin?: string | null }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Large audio may be redirected to the object store (S3_PRESIGN_AUDIO): its origin plays too.
    `media-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ""}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${VIDEO_HOSTS.join(" ")}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** An inline script element: its opening tag's attributes, then its text (up to the first end tag, as a browser reads it). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * A rendered document made fit to be sent to many visitors (the page cache, ADR 021): the inline
 * scripts that carry the nonce of the response it was rendered for are allowed by their SHA-256
 * hashes instead, and the nonce leaves both the page and its policy. A script that reached the page
 * any other way (injected into content) carries no nonce, gets no hash, and stays refused, as under
 * the nonce. A page rendered without a nonce (no request edge in front: tests) is left as it is.
 *
 * A hash covers the script's text as the browser reads it, after the parser turned CRLF and CR into
 * LF (React Router's and React's scripts have none: the rule is kept so a hash can never silently miss).
 */
export function withScriptHashes(html: string, policy: string, nonce: string): { html: string; policy: string } {
  if (!nonce) return { html, policy };
  const nonceSource = `'nonce-${nonce}'`;
  const nonceAttribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(nonceAttribute)) continue;
    const digest = crypto.createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  // A page without inline scripts (a client navigation's .data answer) allows only the site's files.
  const withHashes = hashes.size > 0 ? policy.replace(nonceSource, [...hashes].join(" ")) : policy.replace(` ${nonceSource}`, "");
  return { html: html.replaceAll(nonceAttribute, ""), policy: withHashes };
}

/**
 * The headers only a document reads (the policy of the page, who may frame it, its opener, the
 * features it may use). A built script or stylesheet is never shown as a document, so it goes
 * without them (`forBuiltFile` in express.server.ts): 1,160 -> 501 header bytes on each of the 16
 * files home loads, headers being sent uncompressed over HTTP/1.1.
 */
export const DOCUMENT_ONLY_HEADERS = ["Content-Security-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy"] as const;

/** The other security headers of every answer. */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy":
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
