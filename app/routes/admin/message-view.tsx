import { useEffect } from "react";
import { data, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/message-view";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { DeliveryStatus } from "~/components/admin/DeliveryStatus";
import { FormError, IntentForm } from "~/components/admin/form-fields";
import { Breadcrumb, Notice } from "~/components/admin/ListControls";
import { formatDateTime } from "~/lib/format";
import { idParam } from "~/lib/ids";
import { noticeFrom } from "~/lib/list-params";
import { findMessage, inboxDelivery, resendMessage, setMessageHandled, setMessageRead } from "~/server/domain/contact-inbox.server";
import { staffFrom } from "~/server/domain/session.server";
import { adminForm } from "~/server/http/forms.server";

const LIST = "/admin/messages";
const NOT_FOUND = `${LIST}?avviso=non-trovato`;

/** The message as it is: reading it here changes nothing (the read mark is a POST, below). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = idParam(params.idMessage);
  const message = id ? await findMessage(id) : null;
  if (!message) throw redirect(NOT_FOUND);
  return {
    message: {
      id: message.id,
      name: message.name,
      email: message.email,
      description: message.description,
      received: formatDateTime(message.createdAt),
      state: message.state,
      attempts: message.attempts,
      lastError: message.lastError,
      deliveredAt: message.deliveredAt ? formatDateTime(message.deliveredAt) : null,
      failedAt: message.failedAt ? formatDateTime(message.failedAt) : null,
      nextAttemptAt: formatDateTime(message.nextAttemptAt),
      handled: message.handledAt !== null,
      read: message.readAt !== null,
    },
    configured: inboxDelivery().configured,
    notice: noticeFrom(new URL(request.url)),
  };
}

const INTENTS = { handled: "gestito", unhandled: "da-gestire", resend: "reinviato", read: "letto", unread: "non-letto" } as const;
const isIntent = (value: unknown): value is keyof typeof INTENTS => typeof value === "string" && Object.hasOwn(INTENTS, value);

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const id = idParam(params.idMessage);
  if (!id) throw redirect(NOT_FOUND);
  const form = await adminForm(request);
  const intent = form.get("intent");
  if (!isIntent(intent)) return data({ error: "Azione sconosciuta" }, { status: 400 });
  const done =
    intent === "resend"
      ? await resendMessage(id, user)
      : intent === "read" || intent === "unread"
        ? await setMessageRead(id, intent === "read")
        : await setMessageHandled(id, intent === "handled", user);
  if (!done) throw redirect(NOT_FOUND);
  // The read mark the page sends by itself once it is shown (JavaScript): no redirect, no notice.
  if (form.get("auto") === "1") return data({ error: undefined });
  return redirect(`${LIST}/${id}?avviso=${INTENTS[intent]}`);
}

/** Why delivery stands where it does, in words staff can act on. */
function deliveryDetail(m: Route.ComponentProps["loaderData"]["message"], configured: boolean): string {
  switch (m.state) {
    case "sent":
      return `Inviato per email il ${m.deliveredAt}.`;
    case "failed":
      return `Invio abbandonato il ${m.failedAt} dopo ${m.attempts} ${m.attempts === 1 ? "tentativo" : "tentativi"}.`;
    case "retrying":
      return `${m.attempts} ${m.attempts === 1 ? "tentativo non riuscito" : "tentativi non riusciti"}; il prossimo dalle ${m.nextAttemptAt}.`;
    case "waiting":
      return configured ? "L'invio per email è in corso." : "L'invio per email non è configurato (SMTP_URL): il messaggio resta qui.";
  }
}

export default function MessageView({ loaderData, actionData }: Route.ComponentProps) {
  const { message: m, configured, notice } = loaderData;
  // With JavaScript, a message shown is marked read by a POST of its own; without, staff press the button.
  const markRead = useFetcher();
  const markReadNow = !m.read && markRead.state === "idle" && markRead.data === undefined;
  useEffect(() => {
    if (markReadNow) void markRead.submit({ intent: "read", auto: "1" }, { method: "post" });
  }, [markReadNow, markRead]);
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Messaggi", to: LIST }, { label: `Messaggio di ${m.name}` }]} />
      <h1>Messaggio di {m.name}</h1>
      <Notice text={notice} />
      <FormError message={actionData?.error} />
      <article className="admin-card inbox-message">
        <dl className="inbox-message__fields">
          <dt>Da</dt>
          <dd>
            {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
          </dd>
          <dt>Ricevuto</dt>
          <dd>{m.received}</dd>
          <dt>Stato</dt>
          <dd data-handled={m.handled ? "true" : "false"}>{m.handled ? "Gestito" : "Da gestire"}</dd>
        </dl>
        <p className="inbox-message__text">{m.description}</p>
      </article>
      <section className="admin-card inbox-delivery" aria-labelledby="delivery-title">
        <h2 id="delivery-title">Invio per email</h2>
        <p>
          <DeliveryStatus state={m.state} /> {deliveryDetail(m, configured)}
        </p>
        {m.lastError && m.state !== "sent" ? (
          <p className="inbox-delivery__error">
            Motivo: <code>{m.lastError}</code>
          </p>
        ) : null}
      </section>
      <div className="inbox-actions">
        <a className="button button--primary" href={`mailto:${m.email}`}>
          Rispondi
        </a>
        <IntentForm intent={m.handled ? "unhandled" : "handled"} label={m.handled ? "Segna come da gestire" : "Segna come gestito"} />
        <IntentForm intent={m.read ? "unread" : "read"} label={m.read ? "Segna come non letto" : "Segna come letto"} />
        <IntentForm intent="resend" label="Reinvia" />
        <DeleteLink href={`${LIST}/${m.id}/delete`} label={`Elimina il messaggio di ${m.name}`} question="Sei sicuro di voler eliminare questo messaggio?" />
      </div>
    </section>
  );
}
