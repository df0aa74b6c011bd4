import { data, Form, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/newsletter-link";
import { PageHero } from "~/components/layout/PageHero";
import { pageMeta } from "~/lib/meta";
import { NEWSLETTER_TEXTS } from "~/lib/newsletter";
import { confirmationIsLive, confirmSubscription, unsubscribe, unsubscribeTokenIsKnown } from "~/server/domain/newsletter.server";
import { clientAddress } from "~/server/domain/rate-limit.server";
import { getLang } from "~/server/platform/i18n.server";

/**
 * The two links a newsletter mail carries (issue 37): /newsletter/confirm/{token} and
 * /newsletter/unsubscribe/{token} (and under /en). A GET only shows one button, so a mail scanner
 * that opens links changes nothing; the POST acts. The unsubscribe POST is also RFC 8058's one-click
 * (List-Unsubscribe-Post): no sign-in, no challenge, whatever the body.
 */
type Kind = "confirm" | "unsubscribe";

function kindOf(param: string | undefined): Kind {
  if (param === "confirm" || param === "unsubscribe") return param;
  throw data("Not found", { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const kind = kindOf(params.action);
  const live = kind === "confirm" ? await confirmationIsLive(params.token) : await unsubscribeTokenIsKnown(params.token);
  return data({ kind, live, lang: getLang(context) }, { status: live ? 200 : 410 });
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const kind = kindOf(params.action);
  const done = kind === "confirm" ? (await confirmSubscription(params.token, clientAddress(request))) !== null : await unsubscribe(params.token);
  return data({ done }, { status: done ? 200 : 410 });
}

/**
 * With JavaScript, the page's loader is not asked again after its own POST: the action's answer says
 * all, and the link it used is spent by then (a 410, which the browser logged as a failed load).
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;
}

export default function NewsletterLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, live, lang } = loaderData;
  const t = NEWSLETTER_TEXTS[lang];
  const texts =
    kind === "confirm"
      ? { title: t.confirmTitle, text: t.confirmText, button: t.confirmButton, done: t.confirmed, invalid: t.confirmInvalid }
      : { title: t.unsubscribeTitle, text: t.unsubscribeText, button: t.unsubscribeButton, done: t.unsubscribed, invalid: t.unsubscribeInvalid };
  const message = actionData ? (actionData.done ? texts.done : texts.invalid) : live ? null : texts.invalid;
  return (
    <>
      <PageHero title={texts.title} />
      <div className="container newsletter">
        {message ? (
          <div className={`alert ${actionData?.done ? "alert--success" : "alert--error"}`} role={actionData?.done ? "status" : "alert"}>
            <p>{message}</p>
          </div>
        ) : (
          <Form method="post" className="newsletter-link">
            <p>{texts.text}</p>
            <button type="submit" className="button button--primary">
              {texts.button}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const t = NEWSLETTER_TEXTS[page?.lang ?? "it"];
  return [...pageMeta(matches, { title: page?.kind === "unsubscribe" ? t.unsubscribeTitle : t.confirmTitle }), { name: "robots", content: "noindex" }];
};
