import type { CaptchaRef } from "~/components/contacts/ContactForm";
import { CaptchaCodeInput } from "~/components/contacts/CaptchaCodeInput";
import { FieldError } from "~/components/contacts/FieldError";
import { ProofOfWorkWidget } from "~/components/contacts/proof-of-work";
import type { Lang } from "~/lib/i18n";
import { NEWSLETTER_TEXTS } from "~/lib/newsletter";

/**
 * The sign-up's bot check (issue 37), on /newsletter and in the footer's inline step: the captcha
 * picture and its code, or with JavaScript the proof-of-work check bound to it (ADR 014), as the
 * contact form asks. `form` prefixes the ids, so both forms can be on one page.
 */
export function NewsletterChallenge({
  form,
  captcha,
  lang,
  error,
  proofOfWorkReady,
}: {
  form: string;
  captcha: CaptchaRef | null | undefined;
  lang: Lang;
  error: string | undefined;
  proofOfWorkReady: boolean;
}) {
  const t = NEWSLETTER_TEXTS[lang];
  return (
    <div className="field field--captcha">
      <input type="hidden" name="captcha_id" value={captcha?.id ?? ""} />
      {captcha ? <img className="captcha__image" src={captcha.url} alt={t.captchaImage} width={180} height={60} /> : null}
      <label htmlFor={`${form}-captcha`}>{t.captchaCode}</label>
      <CaptchaCodeInput
        captchaId={captcha?.id}
        id={`${form}-captcha`}
        aria-describedby={error ? `${form}-altcha-error` : `${form}-captcha-help`}
        aria-invalid={error ? true : undefined}
      />
      <p className="field__help" id={`${form}-captcha-help`}>
        {t.captchaHelp}
      </p>
      <FieldError form={form} name="altcha" message={error} />
      {captcha && proofOfWorkReady ? (
        <div key={`proof-of-work-${captcha.id}`}>
          <ProofOfWorkWidget challenge={captcha.challenge} lang={lang} />
        </div>
      ) : null}
    </div>
  );
}
