import { data, useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/newsletter";
import { PageHero } from "~/components/layout/PageHero";
import { useProofOfWorkWidget } from "~/components/contacts/proof-of-work";
import { NewsletterChallenge } from "~/components/newsletter/NewsletterChallenge";
import { isLang } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_TEXTS, type SignupActionData, type SignupErrors, type SignupValues } from "~/lib/newsletter";
import { pagePath } from "~/lib/paths";
import { createPageCaptcha } from "~/server/domain/captcha.server";
import { signUp } from "~/server/domain/newsletter.server";
import { clientAddress } from "~/server/domain/rate-limit.server";
import { pageField, readPageForm } from "~/server/http/forms.server";
import { publicOrigin } from "~/server/http/origin.server";
import { getLang } from "~/server/platform/i18n.server";
import { isMailConfigured } from "~/server/platform/mail.server";
import { FieldError } from "~/components/contacts/FieldError";

type ActionData = SignupActionData;

/** /newsletter, /en/newsletter (issue 37): the sign-up with its bot check; the footer's form posts here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const available = isMailConfigured();
  // Each visitor gets their own captcha: the page is never shared by a cache (headers below).
  const captcha = available ? await createPageCaptcha(clientAddress(request)) : null;
  return data({ lang, available, captcha }, { status: available ? 200 : 503 });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const pageLang = getLang(context);
  const form = await readPageForm(request, pageLang);
  const text = (name: string) => pageField(form, name, pageLang);
  const values: SignupValues = { email: text("email"), lang: text("lang") || pageLang, consent: ["on", "true"].includes(text("consent")) };
  // The footer's form has no bot check: the page asks for it, with what was typed kept.
  if (text("intent") === "footer") return data<ActionData>({ status: "complete", values });
  const outcome = await signUp({
    email: values.email,
    lang: values.lang,
    consent: values.consent,
    altcha: text("altcha"),
    captchaId: text("captcha_id"),
    captchaValue: text("captcha_value"),
    ip: clientAddress(request),
    pageLang,
    origin: publicOrigin(request),
  });
  if (outcome.status === "accepted") return data<ActionData>({ status: "accepted" });
  if (outcome.status === "invalid") return data<ActionData>({ status: "invalid", values, errors: outcome.errors }, { status: 400 });
  return data<ActionData>({ status: "refused", values, message: outcome.message }, { status: outcome.status === "rate-limited" ? 429 : 503 });
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, available, captcha } = loaderData;
  const t = NEWSLETTER_TEXTS[lang];
  // With JavaScript the form posts inline (a fetcher): the answer shows in place, announced; without, a native post.
  const fetcher = useFetcher<ActionData>({ key: "newsletter-page" });
  const result = fetcher.data ?? (actionData as ActionData | undefined);
  const hydrated = useHydrated();
  const proofOfWorkReady = useProofOfWorkWidget(hydrated);
  const values: SignupValues = result && "values" in result ? result.values : { email: "", lang, consent: false };
  const errors: SignupErrors = result?.status === "invalid" ? result.errors : {};
  const describe = (name: keyof SignupErrors) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `newsletter-${name}-error` } : {});
  const errorText = (name: keyof SignupErrors) => <FieldError form="newsletter" name={name} message={errors[name]} />;
  return (
    <>
      <PageHero title={t.title} />
      <div className="container newsletter">
        <p>{t.intro}</p>
        {!available ? (
          <div className="alert alert--error" role="alert">
            <p>{t.unavailable}</p>
          </div>
        ) : (
          <>
            <div role="status" className={result?.status === "accepted" ? "alert alert--success" : undefined}>
              {result?.status === "accepted" ? <p>{t.checkInbox}</p> : null}
            </div>
            {result?.status === "accepted" ? null : (
              <fetcher.Form method="post" className="contact-form newsletter-form" noValidate data-hydrated={hydrated ? "true" : undefined}>
                {result?.status === "complete" ? <p className="alert">{t.completeCheck}</p> : null}
                {result?.status === "refused" ? (
                  <div className="alert alert--error" role="alert">
                    <p>{result.message}</p>
                  </div>
                ) : null}
                <div className="field">
                  <label htmlFor="newsletter-email">{t.email}</label>
                  <input
                    id="newsletter-email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    maxLength={NEWSLETTER_EMAIL_MAX}
                    defaultValue={values.email}
                    required
                    {...describe("email")}
                  />
                  {errorText("email")}
                </div>
                <div className="field">
                  <label htmlFor="newsletter-lang">{t.lang}</label>
                  <select id="newsletter-lang" name="lang" defaultValue={isLang(values.lang) ? values.lang : lang} {...describe("lang")}>
                    <option value="it">Italiano</option>
                    <option value="en">English</option>
                  </select>
                  {errorText("lang")}
                </div>
                <div className="field field--check">
                  <input id="newsletter-consent" name="consent" type="checkbox" defaultChecked={values.consent} required {...describe("consent")} />
                  <label htmlFor="newsletter-consent">
                    {t.consentBefore}
                    <a href={pagePath("privacyPolicy", lang)}>{t.consentLink}</a>
                    {t.consentAfter}
                  </label>
                  {errorText("consent")}
                </div>
                <NewsletterChallenge form="newsletter" captcha={captcha} lang={lang} error={errors.altcha} proofOfWorkReady={proofOfWorkReady} />
                <button type="submit" name="intent" value="subscribe" className="button button--primary" disabled={fetcher.state !== "idle"}>
                  {t.subscribe}
                </button>
              </fetcher.Form>
            )}
          </>
        )}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  pageMeta(matches, { title: NEWSLETTER_TEXTS[page?.lang ?? "it"].title, description: NEWSLETTER_TEXTS[page?.lang ?? "it"].intro });
