import { z } from "zod";
import type { Lang } from "./i18n";

/** SPEC.md 5: the contact form's messages, in the visitor's language. */
export const CONTACT_MESSAGES = {
  it: {
    required: "Campo obbligatorio",
    email: "Email non valida",
    captcha: "Il codice inserito non è corretto.",
    tooLong: "Testo troppo lungo",
    captchaLimited: "Hai chiesto troppi codici di verifica. Attendi un minuto, poi chiedi un nuovo codice.",
  },
  en: {
    required: "Mandatory field",
    email: "Invalid email",
    captcha: "The code entered is not correct.",
    tooLong: "Text too long",
    captchaLimited: "Too many verification codes were requested. Wait a minute, then ask for a new code.",
  },
} as const satisfies Record<Lang, Record<string, string>>;

/**
 * Text, @, text, dot, text; no spaces anywhere (SPEC.md 5), and none of the characters that
 * quote or separate addresses in a mail header (the address becomes the Reply-To).
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export const CONTACT_LIMITS = { name: 200, email: 254, description: 5000 } as const;

type ContactField = "name" | "email" | "description" | "privacy" | "captcha";
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValues = { name: string; email: string; description: string; privacy: boolean };

/**
 * The fields of the contact form (the captcha is checked apart, against the database).
 * Used by the server action, by api/send-email and by the browser before posting.
 */
function contactFieldsSchema(lang: Lang) {
  const m = CONTACT_MESSAGES[lang];
  const text = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max, m.tooLong);
  return z.object({
    name: text(CONTACT_LIMITS.name),
    email: text(CONTACT_LIMITS.email).regex(EMAIL_PATTERN, m.email),
    description: text(CONTACT_LIMITS.description),
    privacy: z.literal(true, { error: m.required }),
  });
}

/** Reads the typed values out of a form post (checkbox "on" or "true" means ticked). */
export function contactValuesFrom(form: FormData | URLSearchParams): ContactValues {
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const privacy = str("privacy");
  return { name: str("name"), email: str("email"), description: str("description"), privacy: privacy === "on" || privacy === "true" };
}

/** Field errors of `values` (empty object when valid). */
export function validateContactFields(values: ContactValues, lang: Lang): ContactErrors {
  const result = contactFieldsSchema(lang).safeParse(values);
  if (result.success) return {};
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}
