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
 * root layout's js flag). Styles allow inline style attributes: React, plyr, Quill and keen-slider
 * set positions and sizes through `style`. Images and media also come as data:/blob: URLs (the
 * player, the rich-text editor's pasted images before upload, image previews in the admin).
 */
export function contentSecurityPolicy(nonce: string, { https }: { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
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
