import nodemailer, { type Transporter } from "nodemailer";
import { transportOptions } from "../../../core/smtp.mjs";
import { getEnv } from "./env.server";

/** A mailbox as nodemailer takes it: the name is quoted and encoded, never parsed for addresses. */
type Mailbox = { name: string; address: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (the newsletter's mails). */
  html?: string;
  /** Extra header lines (List-Unsubscribe of the newsletter). */
  headers?: Record<string, string>;
  replyTo?: Mailbox;
  from?: string;
};

let cached: { url: string; transport: Transporter } | undefined;

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
  await transport.sendMail({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    replyTo: message.replyTo,
  });
}

/**
 * Whether a failed send is worth another try. The mail server refusing the recipient or the message
 * itself with a 5xx answer (nodemailer's EENVELOPE, EMESSAGE) will refuse it again; a busy server
 * (4xx), a refused sign-in or an unreachable host may well pass later (an operator fixes SMTP_URL).
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return typeof responseCode === "number" && responseCode >= 500 && (code === "EENVELOPE" || code === "EMESSAGE");
}
