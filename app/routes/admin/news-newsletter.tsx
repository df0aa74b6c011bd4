import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/news-newsletter";
import { Breadcrumb, Notice } from "~/components/admin/ListControls";
import { noticeFrom } from "~/lib/list-params";
import { SendHistory } from "~/components/admin/NewsletterSends";
import { sendRows } from "~/server/views/newsletter-sends.server";
import { EMAIL_PATTERN } from "~/lib/contact-schema";
import { getNewsBySlug } from "~/server/domain/news.server";
import { previewNewsletter, sendTestNewsletter, startNewsletterSend } from "~/server/domain/newsletter-send.server";
import { staffFrom } from "~/server/domain/session.server";
import { adminForm } from "~/server/http/forms.server";
import { publicOrigin } from "~/server/http/origin.server";
import { isMailConfigured } from "~/server/platform/mail.server";
import { isVisibleToVisitors } from "~/server/storage/publication.server";

const NOT_FOUND = "/admin/newsList?avviso=non-trovato";

/** Issue 37: «Invia come newsletter» of a news item: the preview in both languages, a test, the send. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const news = await getNewsBySlug(params.slugNews);
  if (!news) throw redirect(NOT_FOUND);
  const [preview, sends] = await Promise.all([previewNewsletter(news.id, publicOrigin(request)), sendRows(news.id)]);
  return {
    news: { slug: news.slug, title: news.title },
    published: isVisibleToVisitors(news),
    configured: isMailConfigured(),
    preview,
    sends,
    notice: noticeFrom(new URL(request.url)),
  };
}

type ActionData = { message: string; ok: boolean; field?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const news = await getNewsBySlug(params.slugNews);
  if (!news) throw redirect(NOT_FOUND);
  const form = await adminForm(request);
  const origin = publicOrigin(request);
  if (form.get("intent") === "test") {
    const to = String(form.get("test_to") ?? "").trim();
    if (!EMAIL_PATTERN.test(to)) return data<ActionData>({ ok: false, field: "test_to", message: "Email non valida" }, { status: 400 });
    const refusal = await sendTestNewsletter(news.id, to, origin);
    if (refusal) return data<ActionData>({ ok: false, message: refusal.message }, { status: refusal.status });
    return data<ActionData>({ ok: true, message: `Email di prova inviate a ${to} (italiano e inglese).` });
  }
  if (form.get("confirm") !== "on")
    return data<ActionData>({ ok: false, field: "confirm", message: "Spunta la conferma per inviare a tutti gli iscritti." }, { status: 400 });
  const started = await startNewsletterSend(news.id, user, origin, form.get("again") === "on");
  if ("status" in started)
    return data<ActionData>({ ok: false, field: started.status === 409 ? "again" : undefined, message: started.message }, { status: started.status });
  return redirect(`/admin/newsList/${news.slug}/newsletter?avviso=newsletter-avviata`);
}

export default function NewsNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { news, published, configured, preview, sends } = loaderData;
  const answer = actionData as ActionData | undefined;
  const sentBefore = sends.length > 0;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie", to: "/admin/newsList" }, { label: news.title, to: `/admin/newsList/${news.slug}` }, { label: "Newsletter" }]} />
      <h1>Invia come newsletter</h1>
      <Notice text={loaderData.notice} />
      {answer ? (
        <p className={answer.ok ? "notice" : "form-error"} role={answer.ok ? "status" : "alert"}>
          {answer.message}
        </p>
      ) : null}
      {!configured ? (
        <p className="admin-card" role="alert">
          Imposta SMTP_URL (il server di posta) e riavvia il sito per inviare la newsletter.
        </p>
      ) : !published ? (
        <p className="admin-card">Solo una notizia pubblicata può essere inviata come newsletter.</p>
      ) : null}

      {preview
        ? (["it", "en"] as const).map((lang) => (
            <section key={lang} className="admin-card newsletter-preview" data-lang={lang}>
              <h2>{`Anteprima ${lang === "it" ? "in italiano" : "in inglese"}`}</h2>
              <p>
                <strong>Oggetto:</strong> {preview[lang].subject}
              </p>
              <iframe title={`Anteprima ${lang}`} sandbox="" srcDoc={preview[lang].html} className="newsletter-preview__frame" />
              <details>
                <summary>Testo semplice</summary>
                <pre>{preview[lang].text}</pre>
              </details>
            </section>
          ))
        : null}

      {configured && published ? (
        <>
          <Form method="post" className="admin-card">
            <h2>Email di prova</h2>
            <label htmlFor="newsletter-test-to">Indirizzo</label>
            <input id="newsletter-test-to" name="test_to" type="email" required aria-invalid={answer?.field === "test_to" ? true : undefined} />
            <button type="submit" name="intent" value="test" className="button button--ghost">
              Invia la prova
            </button>
          </Form>
          <Form method="post" className="admin-card">
            <h2>Invio a tutti gli iscritti attivi</h2>
            <label>
              <input type="checkbox" name="confirm" aria-invalid={answer?.field === "confirm" ? true : undefined} /> Confermo l'invio a tutti gli iscritti
              attivi
            </label>
            {sentBefore ? (
              <label>
                <input type="checkbox" name="again" aria-invalid={answer?.field === "again" ? true : undefined} /> Questa notizia è già stata inviata: confermo
                di inviarla di nuovo
              </label>
            ) : null}
            <button type="submit" name="intent" value="send" className="button button--primary">
              Invia la newsletter
            </button>
          </Form>
        </>
      ) : null}

      <h2>Invii di questa notizia</h2>
      <SendHistory
        sends={sends}
        progress={`/admin/newsletter/sends?notizia=${encodeURIComponent(news.slug)}`}
        page={`/admin/newsList/${news.slug}/newsletter`}
      />
    </section>
  );
}
