// How SMTP_URL becomes nodemailer's transport options: one home for the server's contact delivery
// (app/server/platform/mail.server.ts) and `npm run doctor`, which connects with the same options.
const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * Transport options from SMTP_URL: smtps:// is TLS from the first byte; smtp:// is plain with
 * STARTTLS when the server offers it, except on a loopback host (a local relay or a test server),
 * where TLS is not attempted. Query parameters (?ignoreTLS=true&requireTLS=true ...) are
 * nodemailer options and win.
 * @param {string} smtpUrl
 */
export function transportOptions(smtpUrl) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  /** @type {Record<string, unknown>} */
  const options = {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: !secure && LOOPBACK.has(url.hostname),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  if (url.username) options.auth = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  for (const [key, value] of url.searchParams) {
    options[key] = value === "true" ? true : value === "false" ? false : /^\d+$/.test(value) ? Number(value) : value;
  }
  return options;
}
