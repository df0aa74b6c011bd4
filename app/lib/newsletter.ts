import { EMAIL_PATTERN } from "./contact-schema";
import { isLang, type Lang } from "./i18n";

/**
 * The version of the consent text the sign-up form shows (`NEWSLETTER_TEXTS.consent*`), kept with each
 * subscriber as part of the proof of consent: change it whenever that text or the privacy policy's
 * newsletter section changes.
 */
export const CONSENT_VERSION = "2026-12-03";

export const NEWSLETTER_EMAIL_MAX = 254;

/** Every visitor-facing text of the newsletter, in both languages (the form, its pages, its mails). */
export const NEWSLETTER_TEXTS = {
  it: {
    title: "Newsletter",
    intro: "Ricevi per email le notizie del compositore: prime esecuzioni, uscite, concerti. Nessun'altra comunicazione, nessun tracciamento.",
    email: "Email",
    lang: "Lingua delle email",
    consentBefore: "Acconsento a ricevere la newsletter e ho letto l'",
    consentLink: "informativa sulla privacy",
    consentAfter: ".",
    subscribe: "Iscriviti",
    footerTitle: "Newsletter",
    required: "Campo obbligatorio",
    invalidEmail: "Email non valida",
    consentRequired: "Serve il consenso per iscriversi",
    langInvalid: "Lingua non valida",
    captcha: "La verifica non è riuscita: riprova.",
    captchaCode: "Codice di verifica",
    captchaHelp: "Scrivi i caratteri dell'immagine, oppure spunta la verifica automatica qui sotto.",
    captchaImage: "Codice di verifica da trascrivere",
    completeCheck: "Completa la verifica qui sotto per finire l'iscrizione.",
    tooMany: "Troppi tentativi. Riprova tra qualche minuto.",
    unavailable: "La newsletter non è disponibile in questo momento.",
    checkInbox:
      "Controlla la tua casella: se l'indirizzo non era già iscritto ti abbiamo scritto un'email con il link per confermare l'iscrizione (valido 48 ore).",
    confirmTitle: "Conferma l'iscrizione",
    confirmText: "Premi il pulsante per confermare l'iscrizione alla newsletter.",
    confirmButton: "Conferma l'iscrizione",
    confirmed: "Iscrizione confermata. Riceverai le prossime notizie in italiano.",
    confirmInvalid: "Il link non è valido, è scaduto o è già stato usato. Puoi iscriverti di nuovo dalla pagina della newsletter.",
    unsubscribeTitle: "Disiscrizione dalla newsletter",
    unsubscribeText: "Premi il pulsante per non ricevere più la newsletter.",
    unsubscribeButton: "Disiscrivimi",
    unsubscribed: "Fatto: non riceverai più la newsletter.",
    unsubscribeInvalid: "Il link di disiscrizione non è valido.",
    mailConfirmSubject: "Conferma l'iscrizione alla newsletter",
    mailConfirmText: "Hai chiesto di ricevere la newsletter del sito. Per confermare apri questo link e premi «Conferma l'iscrizione» (valido 48 ore):",
    mailConfirmIgnore: "Se non sei stato tu, ignora questa email: senza conferma l'indirizzo viene cancellato entro 7 giorni.",
    mailReadMore: "Leggi sul sito",
    mailUnsubscribe: "Non vuoi più ricevere queste email? Disiscriviti con un clic:",
  },
  en: {
    title: "Newsletter",
    intro: "Get the composer's news by email: premieres, releases, concerts. Nothing else, no tracking.",
    email: "Email",
    lang: "Language of the emails",
    consentBefore: "I agree to receive the newsletter and have read the ",
    consentLink: "privacy policy",
    consentAfter: ".",
    subscribe: "Subscribe",
    footerTitle: "Newsletter",
    required: "Mandatory field",
    invalidEmail: "Invalid email",
    consentRequired: "Your consent is needed to subscribe",
    langInvalid: "Invalid language",
    captcha: "The check failed: please try again.",
    captchaCode: "Verification code",
    captchaHelp: "Type the characters in the picture, or tick the automatic check below.",
    captchaImage: "Verification code to type",
    completeCheck: "Complete the check below to finish subscribing.",
    tooMany: "Too many attempts. Please try again in a few minutes.",
    unavailable: "The newsletter is not available at the moment.",
    checkInbox: "Check your inbox: unless the address was already subscribed, we have sent you an email with a link to confirm (valid for 48 hours).",
    confirmTitle: "Confirm your subscription",
    confirmText: "Press the button to confirm your subscription to the newsletter.",
    confirmButton: "Confirm",
    confirmed: "Subscription confirmed. You will get the next news in English.",
    confirmInvalid: "This link is not valid, has expired or was already used. You can subscribe again from the newsletter page.",
    unsubscribeTitle: "Unsubscribe from the newsletter",
    unsubscribeText: "Press the button to stop receiving the newsletter.",
    unsubscribeButton: "Unsubscribe",
    unsubscribed: "Done: you will not receive the newsletter any more.",
    unsubscribeInvalid: "This unsubscribe link is not valid.",
    mailConfirmSubject: "Confirm your newsletter subscription",
    mailConfirmText: "You asked to receive the site's newsletter. To confirm, open this link and press «Confirm» (valid for 48 hours):",
    mailConfirmIgnore: "If this was not you, ignore this email: without confirmation the address is deleted within 7 days.",
    mailReadMore: "Read it on the site",
    mailUnsubscribe: "No longer want these emails? Unsubscribe with one click:",
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type SignupValues = { email: string; lang: string; consent: boolean };
export type SignupErrors = Partial<Record<"email" | "lang" | "consent" | "altcha", string>>;

/**
 * What /newsletter's action answers (the page's form, the footer's): accepted; the footer's first post
 * without JavaScript, which asks for the bot check (`complete`); refused fields; or a limit or an outage.
 */
export type SignupActionData =
  | { status: "accepted" }
  | { status: "complete"; values: SignupValues }
  | { status: "invalid"; values: SignupValues; errors: SignupErrors }
  | { status: "refused"; values: SignupValues; message: string };

/** The sign-up's own fields (the bot check is the server's), in the page's language `lang`. */
export function validateSignup(values: SignupValues, lang: Lang): SignupErrors {
  const m = NEWSLETTER_TEXTS[lang];
  const errors: SignupErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = m.required;
  else if (email.length > NEWSLETTER_EMAIL_MAX || !EMAIL_PATTERN.test(email)) errors.email = m.invalidEmail;
  if (!isLang(values.lang)) errors.lang = m.langInvalid;
  if (!values.consent) errors.consent = m.consentRequired;
  return errors;
}

/** A send of a news item and its figures (the admin's progress, api/newsletter/sends/{id}/). */
export type SendFigures = {
  id: number;
  newsId: number | null;
  title: string;
  state: string;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  createdAt: Date;
  finishedAt: Date | null;
  createdBy: string;
};

/** A send's figures as the admin pages and their progress route hand them over: the start time already formatted. */
export type SendRow = Omit<SendFigures, "createdAt" | "finishedAt"> & { createdAt: string };

/** A send still going on: queued or sending. */
export const sendRunning = (send: Pick<SendFigures, "state">) => send.state === "queued" || send.state === "sending";
