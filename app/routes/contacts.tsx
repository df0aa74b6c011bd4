import { useTranslation } from "~/lib/translation";
import { type ShouldRevalidateFunctionArgs, createContext, data } from "react-router";
import type { Route } from "./+types/contacts";
import { type ContactActionData, ContactForm } from "~/components/contacts/ContactForm";
import { PageHero } from "~/components/layout/PageHero";
import { contactValuesFrom } from "~/lib/contact-schema";
import { pageMeta } from "~/lib/meta";
import { type PageCaptcha, createPageCaptcha } from "~/server/domain/captcha.server";
import { outcomeStatus, submitContact } from "~/server/domain/contact.server";
import { getEnv } from "~/server/platform/env.server";
import { pageField, readPageForm } from "~/server/http/forms.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { clientAddress } from "~/server/domain/rate-limit.server";

/**
 * The captcha made by this request's action: after a native (no JavaScript) post the loader runs
 * in the same request and reuses it, instead of writing a second row the page never shows.
 */
const actionCaptcha = createContext<{ captcha: PageCaptcha | null } | null>(null);

async function newCaptcha(request: Request, context: Route.ActionArgs["context"]) {
  const captcha = await createPageCaptcha(clientAddress(request));
  context.set(actionCaptcha, { captcha });
  return captcha;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const page = { title: t("pages.contacts"), description: t("pages:contacts.intro"), contactEmail: getEnv().contactEmail };
  const made = context.get(actionCaptcha);
  if (made) return data({ ...page, captcha: made.captcha });
  // Past the address's captcha limit the page still renders, and answers 200: only the captcha is
  // missing, and ContactForm says why in its place. (A 429 here made the whole page unreachable,
  // for everyone behind one proxy address.)
  const captcha = await createPageCaptcha(clientAddress(request));
  return data({ ...page, captcha });
}

/** Each visitor gets their own captcha: the page is never shared by a cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLang(context);
  const form = await readPageForm(request, lang);
  const values = contactValuesFrom(form);
  const text = (name: string) => pageField(form, name, lang);
  if (text("intent") === "refresh") {
    const fresh = await newCaptcha(request, context);
    return data<ContactActionData>({ status: "refresh", values, captcha: fresh }, { status: fresh ? 200 : 429 });
  }
  const outcome = await submitContact({
    values,
    captchaId: text("captcha_id"),
    captchaValue: text("captcha_value"),
    proofOfWork: text("altcha"),
    honeypot: text("website"),
    ip: clientAddress(request),
    lang,
  });
  const captcha = await newCaptcha(request, context);
  const status = outcomeStatus(outcome);
  if (outcome.status === "sent") return data<ContactActionData>({ status: "sent", captcha, values: { name: "", email: "", description: "", privacy: false } });
  if (outcome.status === "invalid") return data<ContactActionData>({ status: "invalid", errors: outcome.errors, values, captcha }, { status });
  return data<ContactActionData>({ status: "rate-limited", message: outcome.message, values, captcha }, { status });
}

/** A post answers with its own fresh captcha; re-running the loader would only waste one. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;
}

export default function ContactsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  return (
    <>
      <PageHero title={t("contacts.heading")} />
      <div className="container contacts">
        <div className="contacts__intro">
          <p>{t("contacts.intro")}</p>
          <p className="contacts__email">
            {t("contacts.writeTo")} <a href={`mailto:${loaderData.contactEmail}`}>{loaderData.contactEmail}</a>
          </p>
        </div>
        <ContactForm initialCaptcha={loaderData.captcha} actionData={actionData as ContactActionData | undefined} />
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => pageMeta(matches, { title: page?.title ?? "", description: page?.description });
