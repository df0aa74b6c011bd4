import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { Form, useFetcher, useNavigation } from "react-router";
import { CONTACT_LIMITS, CONTACT_MESSAGES, type ContactErrors, type ContactValues, contactValuesFrom, validateContactFields } from "~/lib/contact-schema";
import { pagePath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { useHydrated } from "remix-utils/use-hydrated";
import { ProofOfWorkWidget, useProofOfWorkWidget } from "./proof-of-work";
import { CaptchaCodeInput } from "./CaptchaCodeInput";
import { FieldError } from "./FieldError";

/** A captcha as the page shows it: the picture's id and URL, and the proof-of-work challenge (JSON). */
export type CaptchaRef = { id: string; url: string; challenge: string };

export type ContactActionData =
  | { status: "sent"; captcha: CaptchaRef | null; values: ContactValues }
  | { status: "refresh"; captcha: CaptchaRef | null; values: ContactValues }
  | { status: "invalid"; captcha: CaptchaRef | null; values: ContactValues; errors: ContactErrors }
  | { status: "rate-limited"; captcha: CaptchaRef | null; values: ContactValues; message: string };

const EMPTY: ContactValues = { name: "", email: "", description: "", privacy: false };
/** The text fields of the form, in order: their label and control. */
const TEXT_FIELDS = [
  { name: "name", label: "contacts.name", type: "text", autoComplete: "name" },
  { name: "email", label: "contacts.email", type: "email", autoComplete: "email" },
  { name: "description", label: "contacts.message", type: "textarea", autoComplete: undefined },
] as const;
/** SPEC.md 4/9: after a send the page scrolls to the form, 250 px above it. */
const SCROLL_OFFSET = 250;

/**
 * The contact form (SPEC.md 2.13, 4, 5). A native post works without JavaScript; with it, the
 * fields are checked before posting, the captcha refreshes in place and the page scrolls back to
 * the form after a send.
 */
export function ContactForm({ initialCaptcha, actionData }: { initialCaptcha: CaptchaRef | null; actionData: ContactActionData | undefined }) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const navigation = useNavigation();
  const captchaFetcher = useFetcher<ContactActionData>({ key: "contact-captcha" });
  const formRef = useRef<HTMLFormElement>(null);
  const [captcha, setCaptcha] = useState<CaptchaRef | null>(actionData ? actionData.captcha : initialCaptcha);
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  const hydrated = useHydrated();
  const proofOfWorkReady = useProofOfWorkWidget(hydrated);

  useEffect(() => {
    if (!actionData) return;
    setCaptcha(actionData.captcha);
    if (actionData.status === "sent" && formRef.current) {
      formRef.current.reset();
      const top = formRef.current.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET;
      window.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
    }
  }, [actionData]);

  useEffect(() => {
    if (captchaFetcher.data) setCaptcha(captchaFetcher.data.captcha);
  }, [captchaFetcher.data]);

  const values = actionData && actionData.status !== "sent" ? actionData.values : EMPTY;
  const errors: ContactErrors = clientErrors ?? (actionData?.status === "invalid" ? actionData.errors : {});
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  const showSuccess = actionData?.status === "sent" && !clientErrors && !sending;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "send") return;
    const form = new FormData(event.currentTarget);
    const found = validateContactFields(contactValuesFrom(form), lang);
    // The code read off the picture, or the proof-of-work check ticked instead.
    if (!String(form.get("captcha_value") ?? "").trim() && !form.get("altcha")) found.captcha = CONTACT_MESSAGES[lang].captcha;
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientErrors(found);
      const first = (["name", "email", "description", "privacy", "captcha"] as const).find((f) => found[f]);
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setClientErrors(null);
  };

  const field = (name: keyof ContactErrors) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
    "data-field": name,
  });
  const errorText = (name: keyof ContactErrors) => <FieldError form="contact" name={name} message={errors[name]} />;

  return (
    <Form method="post" ref={formRef} className="contact-form" id="contact-form" noValidate onSubmit={onSubmit} data-hydrated={hydrated ? "true" : undefined}>
      {showSuccess ? (
        <div className="alert alert--success" role="status">
          <p className="alert__title">{t("contacts.successTitle")}</p>
          <p>{t("contacts.successText")}</p>
        </div>
      ) : null}
      {actionData?.status === "rate-limited" && !clientErrors ? (
        <div className="alert alert--error" role="alert">
          <p>{actionData.message}</p>
        </div>
      ) : null}

      {TEXT_FIELDS.map(({ name, label, type, autoComplete }) => (
        <div className="field" key={name}>
          <label htmlFor={`contact-${name}`}>{t(label)}</label>
          {type === "textarea" ? (
            <textarea id={`contact-${name}`} name={name} rows={6} maxLength={CONTACT_LIMITS[name]} defaultValue={values[name]} {...field(name)} />
          ) : (
            <input
              id={`contact-${name}`}
              name={name}
              type={type}
              autoComplete={autoComplete}
              maxLength={CONTACT_LIMITS[name]}
              defaultValue={values[name]}
              {...field(name)}
            />
          )}
          {errorText(name)}
        </div>
      ))}
      <div className="field field--check">
        <input id="contact-privacy" name="privacy" type="checkbox" defaultChecked={values.privacy} {...field("privacy")} />
        <label htmlFor="contact-privacy">
          {t("contacts.privacyBefore")}
          <a href={pagePath("privacyPolicy", lang)} target="_blank" rel="noopener">
            {t("contacts.privacyLink")}
          </a>
          {t("contacts.privacyAfter")}
        </label>
        {errorText("privacy")}
      </div>

      {/* Only bots fill this in: hidden from people and from assistive technology. */}
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="contact-website">{t("contacts.honeypot")}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="field field--captcha">
        <input type="hidden" name="captcha_id" value={captcha?.id ?? ""} />
        <div className="captcha">
          {captcha ? (
            <img className="captcha__image" src={captcha.url} alt={t("contacts.captchaImage")} width={180} height={60} />
          ) : (
            <p className="form-error captcha__limited" role="alert">
              {CONTACT_MESSAGES[lang].captchaLimited}
            </p>
          )}
          <button
            type="submit"
            name="intent"
            value="refresh"
            formNoValidate
            className="button button--ghost captcha__refresh"
            disabled={captchaFetcher.state !== "idle"}
            onClick={(event) => {
              event.preventDefault();
              void captchaFetcher.submit({ intent: "refresh" }, { method: "post" });
            }}
          >
            {t("contacts.refresh")}
          </button>
        </div>
        <label htmlFor="contact-captcha">{t("contacts.captchaCode")}</label>
        <CaptchaCodeInput
          captchaId={captcha?.id}
          id="contact-captcha"
          className="captcha__input"
          aria-describedby={errors.captcha ? "contact-captcha-error" : "contact-captcha-help"}
          aria-invalid={errors.captcha ? true : undefined}
          data-field="captcha"
          onInput={(event) => {
            const input = event.currentTarget;
            const start = input.selectionStart;
            input.value = input.value.toUpperCase();
            if (start !== null) input.setSelectionRange(start, start);
          }}
        />
        <p className="field__help" id="contact-captcha-help">
          {t("contacts.captchaHelp")}
        </p>
        {errorText("captcha")}
        {/* With JavaScript, the accessible alternative to the picture: the browser solves a
            proof-of-work challenge bound to this captcha (docs/decisions/014-captcha.md). */}
        {captcha && proofOfWorkReady ? (
          <div className="captcha__alternative" key={`proof-of-work-${captcha.id}`}>
            <p className="field__help" id="contact-captcha-alternative">
              {t("contacts.captchaAlternative")}
            </p>
            <ProofOfWorkWidget challenge={captcha.challenge} lang={lang} describedBy="contact-captcha-alternative" />
          </div>
        ) : null}
      </div>

      <button type="submit" name="intent" value="send" className="button button--primary contact-form__send" disabled={sending}>
        {sending ? t("contacts.sending") : t("contacts.send")}
      </button>
    </Form>
  );
}
