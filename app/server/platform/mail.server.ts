import nodemailer, { type Transporter } from "nodemailer";
import { transportOptions } from "../../../core/smtp.mjs";
import { getEnv } from "./env.server";

/** A mailbox as nodemailer takes it: the name is quoted and encoded, never parsed for addresses. */
type Mailbox = { name: string; address: string };
export type MailMessage = { to: string; subject: string; text: string; replyTo?: Mailbox; from?: string };

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
  await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, replyTo: message.replyTo });
}
