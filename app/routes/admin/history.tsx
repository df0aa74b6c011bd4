import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/history";
import { Breadcrumb, Notice } from "~/components/admin/ListControls";
import { FormError } from "~/components/admin/form-fields";
import { contentKindLabel } from "~/lib/content-fields";
import { formatDateTime } from "~/lib/format";
import { idParam } from "~/lib/ids";
import { noticeFrom } from "~/lib/list-params";
import { stateLabel } from "~/lib/publication-labels";
import { PUBLICATION_FIELDS, revisionFields } from "~/lib/revision-fields";
import {
  restoreContentRevision,
  restoreEventRevision,
  restoreMusicRevision,
  restoreNewsRevision,
  type RestorePublication,
} from "~/server/domain/item-restore.server";
import { getEventBySlug } from "~/server/domain/events.server";
import { getMusicBySlug } from "~/server/domain/music.server";
import { getNewsBySlug } from "~/server/domain/news.server";
import { revisionHistory, type RevisionKind } from "~/server/domain/revisions.server";
import type { Actor } from "~/server/domain/activity.server";
import { staffFrom } from "~/server/domain/session.server";
import { formStrings } from "~/server/http/body.server";
import { adminContentKind } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";
import { publicationState, type Publication } from "~/server/storage/publication.server";

/**
 * "Cronologia" (issue 24): the revisions of a news item, a composition or a content page, newest
 * first, each with what changed since the one before (field by field, words added and removed
 * highlighted) and a "Ripristina" button: a native post, so it works without JavaScript.
 */

type Subject = {
  kind: RevisionKind;
  itemKey: string | number;
  title: string;
  trail: { label: string; to?: string }[];
  /** The live item's publication state; null for a content page, which has none. */
  publication: Publication | null;
  restore: (revisionId: number, actor: Actor, publication: RestorePublication) => Promise<{ ok: boolean; errors?: Record<string, string> }>;
};

/** How the admin names a publication state ("Bozza", "Programmata per ...", "Pubblicata"). */
function publicationLabel(publication: Publication): string {
  return stateLabel(publicationState(publication), publication.publishAt);
}

const NEWS_LIST = "/admin/newsList";
const MUSIC_LIST = "/admin/musicList";
const EVENT_LIST = "/admin/events";

/** The item the URL names; a missing one sends back to its list, as the edit pages do. */
async function subjectOf(params: Route.LoaderArgs["params"]): Promise<Subject> {
  if (params.slugNews !== undefined) {
    const news = await getNewsBySlug(params.slugNews);
    if (!news) throw redirect(`${NEWS_LIST}?avviso=non-trovato`);
    return {
      kind: "news",
      itemKey: news.id,
      title: news.title,
      trail: [
        { label: "Notizie", to: NEWS_LIST },
        { label: news.title, to: `${NEWS_LIST}/${news.slug}` },
      ],
      publication: news,
      restore: (id, actor, publication) => restoreNewsRevision(news.id, id, actor, publication),
    };
  }
  if (params.slugMusic !== undefined) {
    const music = await getMusicBySlug(params.slugMusic);
    if (!music) throw redirect(`${MUSIC_LIST}?avviso=non-trovato`);
    return {
      kind: "music",
      itemKey: music.id,
      title: music.title,
      trail: [
        { label: "Musica", to: MUSIC_LIST },
        { label: music.title, to: `${MUSIC_LIST}/${music.slug}` },
      ],
      publication: music,
      restore: (id, actor, publication) => restoreMusicRevision(music.id, id, actor, publication),
    };
  }
  if (params.slugEvent !== undefined) {
    const event = await getEventBySlug(params.slugEvent);
    if (!event) throw redirect(`${EVENT_LIST}?avviso=non-trovato`);
    return {
      kind: "event",
      itemKey: event.id,
      title: event.title,
      trail: [
        { label: "Concerti", to: EVENT_LIST },
        { label: event.title, to: `${EVENT_LIST}/${event.slug}` },
      ],
      publication: event,
      restore: (id, actor, publication) => restoreEventRevision(event.id, id, actor, publication),
    };
  }
  const kind = adminContentKind(params.name);
  return {
    kind: "content",
    itemKey: kind,
    title: contentKindLabel(kind),
    trail: [{ label: contentKindLabel(kind), to: `/admin/content/${kind}` }],
    publication: null,
    restore: (id, actor) => restoreContentRevision(kind, id, actor),
  };
}

const ACTIONS: Record<string, string> = {
  create: "Creazione",
  update: "Modifica",
  restore: "Ripristino",
  baseline: "Stato prima dell'aggiornamento del sito",
};

/** After a restore, the notice says what became of the publication state (issue 35.5). */
const RESTORE_NOTICES: Record<string, string> = {
  "ripristinato-stato-mantenuto": "Elemento ripristinato: stato di pubblicazione attuale mantenuto",
  "ripristinato-con-stato": "Elemento ripristinato, compreso lo stato di pubblicazione della revisione",
};

export async function loader({ params, request }: Route.LoaderArgs) {
  const subject = await subjectOf(params);
  const history = await revisionHistory(subject.kind, subject.itemKey);
  const url = new URL(request.url);
  const restoreNotice = RESTORE_NOTICES[url.searchParams.get("avviso") ?? ""];
  const current = subject.publication ? publicationLabel(subject.publication) : null;
  const { label } = revisionFields(subject.kind, String(subject.itemKey));
  return {
    title: subject.title,
    trail: subject.trail,
    notice: restoreNotice && current ? `${restoreNotice} (ora: «${current}»).` : noticeFrom(url),
    currentPublication: current,
    revisions: history.map((r) => ({
      id: r.id,
      date: formatDateTime(r.createdAt),
      username: r.username || "—",
      action: ACTIONS[r.action] ?? r.action,
      restoredFrom: r.restoredFrom,
      changes: r.changes?.map((c) => ({ label: label(c.field), parts: c.parts, formatOnly: c.formatOnly ?? false })) ?? null,
      restoreChanges: r.restoreChanges?.filter((c) => !PUBLICATION_FIELDS.has(c.field)).map((c) => label(c.field)) ?? null,
      publication: r.publication
        ? publicationLabel({ status: r.publication.status, publishAt: r.publication.publishAt ? new Date(r.publication.publishAt) : null })
        : null,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const subject = await subjectOf(params);
  const form = formStrings(await adminForm(request));
  const revisionId = idParam(form.revisionId);
  const publication: RestorePublication = form.restore_publication === "1" ? "revision" : "keep";
  const result = revisionId ? await subject.restore(revisionId, user, publication) : { ok: false, errors: { form: "Revisione non trovata." } };
  if (!result.ok) return data({ error: Object.values(result.errors ?? {})[0] ?? "Ripristino non riuscito." }, { status: 409 });
  const notice = !subject.publication ? "ripristinato" : publication === "revision" ? "ripristinato-con-stato" : "ripristinato-stato-mantenuto";
  return redirect(`${new URL(request.url).pathname}?avviso=${notice}`);
}

export default function History({ loaderData, actionData }: Route.ComponentProps) {
  const { title, trail, notice, currentPublication, revisions } = loaderData;
  return (
    <section className="admin-page history">
      <Breadcrumb items={[...trail, { label: "Cronologia" }]} />
      <h1>Cronologia: {title}</h1>
      <Notice text={notice} />
      <FormError message={actionData?.error} />
      {revisions.length === 0 ? <p>Nessuna revisione: la prima sarà salvata alla prossima modifica.</p> : null}
      <ol className="history__list">
        {revisions.map((r, index) => (
          <li key={r.id} id={`revisione-${r.id}`} className="admin-card history__revision">
            <h2>
              Revisione #{r.id}: {r.action}
              {r.restoredFrom ? ` della revisione #${r.restoredFrom}` : ""}
            </h2>
            <p>
              {r.date} · {r.username}
              {index === 0 ? " · versione attuale" : ""}
            </p>
            {r.changes === null ? (
              <p>Prima revisione conservata.</p>
            ) : r.changes.length === 0 ? (
              <p>Nessun campo cambiato.</p>
            ) : (
              <dl className="history__changes">
                {r.changes.map((change) => (
                  <div key={change.label}>
                    <dt>{change.label}</dt>
                    <dd>
                      {change.formatOnly
                        ? "Cambiata solo la formattazione (grassetto, elenchi, collegamenti...), non il testo."
                        : change.parts.map((part, i) =>
                            part.added ? <ins key={i}>{part.value}</ins> : part.removed ? <del key={i}>{part.value}</del> : <span key={i}>{part.value}</span>,
                          )}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {index > 0 && r.restoreChanges ? (
              <Form method="post" className="history__restore">
                <p>
                  {r.restoreChanges.length === 0
                    ? "Il ripristino non cambia nessun campo della versione attuale."
                    : `Il ripristino riporta questi campi come in questa revisione: ${r.restoreChanges.join(", ")}.`}
                </p>
                {currentPublication && r.publication ? (
                  r.publication === currentPublication ? (
                    <p>{`Stato di pubblicazione: «${currentPublication}», come nella revisione.`}</p>
                  ) : (
                    <>
                      <p>{`Stato di pubblicazione: resta «${currentPublication}» (nella revisione era «${r.publication}»), a meno che tu non scelga di ripristinare anche quello.`}</p>
                      <label>
                        <input type="checkbox" name="restore_publication" value="1" /> {`Ripristina anche lo stato di pubblicazione («${r.publication}»)`}
                      </label>
                    </>
                  )
                ) : null}
                <input type="hidden" name="revisionId" value={r.id} />
                <button className="button button--ghost" type="submit">
                  Ripristina la revisione #{r.id}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
