import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { CaptchaRef } from "~/components/contacts/ContactForm";
import { useProofOfWorkWidget } from "~/components/contacts/proof-of-work";
import type { Lang } from "~/lib/i18n";
import { NEWSLETTER_TEXTS, type SignupActionData } from "~/lib/newsletter";
import { NewsletterChallenge } from "./NewsletterChallenge";

/**
 * The footer's sign-up, second step, with JavaScript (issue 37): the bot check comes in place, in a
 * chunk of its own fetched on the first press of «Iscriviti» (the footer is on every page's first
 * load), with a captcha of /newsletter's loader; the sign-up then posts inline and its answer is
 * announced here. `fetcherKey`: the fetcher the footer's form posts through. After each refused try the loaded captcha revalidates, so a fresh one is shown.
 */
export default function FooterSignupCheck({ lang, fetcherKey }: { lang: Lang; fetcherKey: string }) {
  const t = NEWSLETTER_TEXTS[lang];
  const signup = useFetcher<SignupActionData>({ key: fetcherKey });
  const captchaFetcher = useFetcher<{ captcha: CaptchaRef | null }>();
  const proofOfWorkReady = useProofOfWorkWidget(true);
  const step = useRef<HTMLDivElement>(null);
  const { load } = captchaFetcher;
  useEffect(() => {
    void load(lang === "en" ? "/en/newsletter" : "/newsletter");
  }, [load, lang]);
  // The pressed button gave way to this step: the code's field takes the focus, and again with each
  // new captcha (a refused try), whose field is a fresh one.
  const captchaId = captchaFetcher.data?.captcha?.id;
  useEffect(() => {
    if (captchaId) step.current?.querySelector<HTMLInputElement>('input[name="captcha_value"]')?.focus();
  }, [captchaId]);

  const result = signup.data;
  const errors = result?.status === "invalid" ? result.errors : {};
  const fieldErrors = (["email", "lang", "consent"] as const).flatMap((name) => errors[name] ?? []);
  return (
    <div className="newsletter-footer__check" ref={step}>
      <div role="status" className={result?.status === "accepted" ? "alert alert--success" : undefined}>
        {result?.status === "accepted" ? <p>{t.checkInbox}</p> : null}
      </div>
      {result?.status === "accepted" ? null : (
        <>
          {fieldErrors.length > 0 || result?.status === "refused" ? (
            <div className="alert alert--error" role="alert">
              {result?.status === "refused" ? <p>{result.message}</p> : fieldErrors.map((message) => <p key={message}>{message}</p>)}
            </div>
          ) : null}
          <p>{t.completeCheck}</p>
          <NewsletterChallenge
            form="newsletter-footer"
            captcha={captchaFetcher.data?.captcha}
            lang={lang}
            error={errors.altcha}
            proofOfWorkReady={proofOfWorkReady}
          />
          <button type="submit" name="intent" value="subscribe" className="button button--primary" disabled={signup.state !== "idle"}>
            {t.subscribe}
          </button>
        </>
      )}
    </div>
  );
}
