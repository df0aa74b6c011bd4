import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { formatDateDash, formatDateTime } from "~/lib/format";
import { listActivities } from "~/server/domain/activity.server";
import { adminMusicSelect, listMusic } from "~/server/domain/music.server";
import { adminNewsSelect, listNews } from "~/server/domain/news.server";
import { uploadsUsage } from "~/server/storage/stored-files.server";
import { listMessages, unreadMessageCount } from "~/server/domain/contact-inbox.server";
import { upcomingEvents } from "~/server/domain/events.server";
import { formatRomeTime } from "~/lib/rome-time";
import { lastWeekTotals } from "~/server/domain/stats.server";
import { AdminTable } from "~/components/admin/AdminTable";

const LATEST = { size: 5 };

export async function loader() {
  const [{ rows: news }, { rows: music }, { rows: activities }, usage, { rows: messages }, unread, week, [nextEvent]] = await Promise.all([
    listNews({ ...LATEST, filter: { audience: "staff" }, order: "created" }, adminNewsSelect),
    listMusic({ ...LATEST, filter: { audience: "staff" } }, adminMusicSelect),
    listActivities(LATEST),
    uploadsUsage(),
    listMessages(LATEST),
    unreadMessageCount(),
    lastWeekTotals(),
    upcomingEvents(1),
  ]);
  return {
    news: news.map((n) => ({ id: n.id, slug: n.slug, created: formatDateDash(n.createdAt), category: n.category.name, title: n.title })),
    music: music.map((m) => ({ id: m.id, slug: m.slug, category: m.category.name, title: m.title, type: m.link ? "Link" : "Tracce/Video" })),
    activities: activities.map((a) => ({ id: a.id, date: formatDateTime(a.date), username: a.username, description: a.description })),
    usage,
    messages: messages.map((m) => ({ id: m.id, received: formatDateTime(m.createdAt), name: m.name, unread: m.readAt === null })),
    unread,
    week,
    nextEvent: nextEvent
      ? { slug: nextEvent.slug, title: nextEvent.title, when: formatRomeTime(nextEvent.startsAt), place: `${nextEvent.venue}, ${nextEvent.city}` }
      : null,
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("it-IT", { maximumFractionDigits: 1 })} MB`;
}

function Card({ title, listTo, addTo, children, id }: { title: string; listTo: string; addTo?: string; children: React.ReactNode; id: string }) {
  return (
    <section className="admin-card" aria-labelledby={id} data-card={id}>
      <div className="admin-card__head">
        <h2 id={id}>{title}</h2>
        <Link className="button button--ghost" to={listTo}>
          Vedi tutti
        </Link>
        {addTo ? (
          <Link className="button button--primary" to={addTo}>
            Aggiungi
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { news, music, activities, usage, messages, unread, week, nextEvent } = loaderData;
  const nearlyFull = usage.freeBytes < usage.floorBytes * 2;
  return (
    <section className="admin-page">
      <h1>Dashboard</h1>
      <p className="admin-storage" data-storage={nearlyFull ? "low" : "ok"}>
        File caricati: {usage.files} ({megabytes(usage.bytes)}). Spazio libero sul disco: {megabytes(usage.freeBytes)}
        {nearlyFull ? ` — quasi esaurito: sotto ${megabytes(usage.floorBytes)} i nuovi caricamenti sono rifiutati.` : "."}
      </p>
      <p className="admin-storage" data-stats-week>
        Ultimi 7 giorni: {week.views} visualizzazioni, {week.visitors} visitatori unici (somma dei giorni), {week.plays} ascolti avviati.{" "}
        <Link to="/admin/stats?periodo=7">Statistiche</Link>
      </p>
      <div className="dashboard">
        <Card id="card-messages" title="Messaggi" listTo="/admin/messages">
          <p className="dashboard-unread" data-unread={unread}>
            {unread === 0 ? "Nessun messaggio da leggere." : unread === 1 ? "1 messaggio da leggere." : `${unread} messaggi da leggere.`}
          </p>
          <AdminTable headers={["Ricevuto", "Da"]}>
            {messages.map((m) => (
              <tr key={m.id} data-unread={m.unread ? "true" : "false"}>
                <td>{m.received}</td>
                <td>
                  <Link to={`/admin/messages/${m.id}`}>
                    {m.unread ? "Nuovo · " : ""}
                    {m.name}
                  </Link>
                </td>
              </tr>
            ))}
            {messages.length === 0 ? (
              <tr>
                <td colSpan={2}>Nessun messaggio.</td>
              </tr>
            ) : null}
          </AdminTable>
        </Card>
        <Card id="card-events" title="Prossimo concerto" listTo="/admin/events" addTo="/admin/events/nuovo">
          {nextEvent ? (
            <p>
              <Link to={`/admin/events/${encodeURIComponent(nextEvent.slug)}`}>{nextEvent.title}</Link> — {nextEvent.when}, {nextEvent.place}
            </p>
          ) : (
            <p>Nessun concerto in programma.</p>
          )}
        </Card>
        <Card id="card-news" title="Ultime notizie" listTo="/admin/newsList" addTo="/admin/newsCreate">
          <AdminTable headers={["Creata il", "Categoria", "Titolo"]}>
            {news.map((n) => (
              <tr key={n.id}>
                <td>{n.created}</td>
                <td>{n.category}</td>
                <td>
                  <Link to={`/admin/newsList/${encodeURIComponent(n.slug)}`}>{n.title}</Link>
                </td>
              </tr>
            ))}
            {news.length === 0 ? (
              <tr>
                <td colSpan={3}>Nessuna notizia.</td>
              </tr>
            ) : null}
          </AdminTable>
        </Card>
        <Card id="card-music" title="Ultima musica" listTo="/admin/musicList" addTo="/admin/musicCreate">
          <AdminTable headers={["Categoria", "Titolo", "Tipo"]}>
            {music.map((m) => (
              <tr key={m.id}>
                <td>{m.category}</td>
                <td>
                  <Link to={`/admin/musicList/${encodeURIComponent(m.slug)}`}>{m.title}</Link>
                </td>
                <td>{m.type}</td>
              </tr>
            ))}
            {music.length === 0 ? (
              <tr>
                <td colSpan={3}>Nessun contenuto.</td>
              </tr>
            ) : null}
          </AdminTable>
        </Card>
        <Card id="card-activities" title="Ultime attività" listTo="/admin/activityList">
          <AdminTable headers={["Data", "Utente", "Descrizione"]}>
            {activities.map((a) => (
              <tr key={a.id}>
                <td>{a.date}</td>
                <td>{a.username}</td>
                <td>{a.description}</td>
              </tr>
            ))}
            {activities.length === 0 ? (
              <tr>
                <td colSpan={3}>Nessuna attività.</td>
              </tr>
            ) : null}
          </AdminTable>
        </Card>
      </div>
    </section>
  );
}
