import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";

/** A mailbox as nodemailer takes it: the name is quoted and encoded, never parsed for addresses. */
type Mailbox = { name: string; address: string };
export type MailMessage = { to: string; subject: string; text: string; replyTo?: Mailbox; from?: string };

let cached: { url: string; transport: Transporter } | undefined;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

/**
 * Transport options from SMTP_URL: smtps:// is TLS from the first byte; smtp:// is plain with
 * STARTTLS when the server offers it, except on a loopback host (a local relay or a test server),
 * where TLS is not attempted. Query parameters (?ignoreTLS=true&requireTLS=true ...) are
 * nodemailer options and win.
 */
export function transportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const options: Record<string, unknown> = {
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

/** The SMTP transport, or null when SMTP_URL is not set (messages then wait in the database). */
function mailTransport(): Transporter | null {
  const url = getEnv().smtpUrl;
  if (!url) return null;
  if (cached?.url !== url) cached = { url, transport: nodemailer.createTransport(transportOptions(url)) };
  return cached.transport;
}

export function isMailConfigured(): boolean {
  return Boolean(getEnv().smtpUrl);
}

/** Sends one message; throws when the server refuses it or cannot be reached. */
export async function sendMail(message: MailMessage): Promise<void> {
  const transport = mailTransport();
  if (!transport) throw new Error("SMTP_URL non impostato");
  const from = message.from ?? `Sito web <${getEnv().contactEmail}>`;
  await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, replyTo: message.replyTo });
}
