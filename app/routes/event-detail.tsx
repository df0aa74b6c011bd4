import { Link } from "react-router";
import type { Route } from "./+types/event-detail";
import { EventStatusLabel } from "~/components/events/EventCard";
import { DetailArticle, detailPageMeta } from "~/components/layout/DetailArticle";
import { useSiteUrls } from "~/components/seo/JsonLd";
import { pagePath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { musicEventLd } from "~/lib/structured-data";
import { useTranslation } from "~/lib/translation";
import { getEventBySlug } from "~/server/domain/events.server";
import { previewableDetail } from "~/server/http/preview.server";
import { getLang } from "~/server/platform/i18n.server";
import { eventDetail } from "~/server/views/events-view.server";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // A draft or scheduled one: 404, or a preview for staff and preview links (issue 24).
  return previewableDetail(request, "event", await getEventBySlug(params.slugEvent), (item) => eventDetail(item, getLang(context)));
}

/** A preview's private, no-store, noindex headers (none otherwise). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function EventDetailPage({ loaderData: event }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const lang = useLang();
  const urls = useSiteUrls();
  const structuredData = [
    musicEventLd({
      name: event.title,
      url: urls.page,
      startDate: event.isoStart,
      endDate: event.isoEnd ?? undefined,
      eventStatus: event.eventStatus,
      venue: event.venue,
      address: event.address || undefined,
      city: event.city,
      country: event.countryCode,
      ticketUrl: event.ticketUrl ?? undefined,
      performers: event.performers,
      image: event.image ? urls.abs(event.image.src) : undefined,
      description: event.summary || undefined,
      inLanguage: lang,
      composer: tc("composerName"),
      works: event.works.map((work) => ({ name: work.title, url: urls.abs(work.href) })),
    }),
    urls.breadcrumbs([
      [t("events.title"), pagePath("events", lang)],
      [event.title, urls.page],
    ]),
  ];
  return (
    <DetailArticle className="event-detail" page={event} structuredData={structuredData} back={{ to: pagePath("events", lang), label: t("events.back") }}>
      <p className="news-detail__meta">
        <time dateTime={event.isoStart} className="news-detail__date">
          {event.day}, {event.time}
          {event.endTime ? `–${event.endTime}` : ""}
        </time>{" "}
        <EventStatusLabel status={event.eventStatus} />
      </p>
      <h1 className="news-detail__title">{event.title}</h1>
      <dl className="event-detail__facts">
        <dt>{t("events.venue")}</dt>
        <dd>
          {event.venue}
          {event.address ? `, ${event.address}` : ""}, {event.city} ({event.country})
        </dd>
        {event.performers.length > 0 ? (
          <>
            <dt>{t("events.performers")}</dt>
            <dd>{event.performers.join(", ")}</dd>
          </>
        ) : null}
      </dl>
      {event.works.length > 0 ? (
        <section aria-labelledby="event-programme">
          <h2 id="event-programme">{t("events.programme")}</h2>
          <ol className="event-detail__programme">
            {event.works.map((work) => (
              <li key={work.href}>
                <Link to={work.href}>{work.title}</Link>
                {work.premiere ? <span className="badge event-card__premiere">{t("events.premiere")}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {/* Sanitised on the server with an allowlist (app/server/domain/sanitize.server.ts). */}
      {event.html ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: event.html }} /> : null}
      <div className="event-detail__actions">
        {event.ticketUrl && event.eventStatus !== "cancelled" ? (
          <a className="button" href={event.ticketUrl} rel="noopener noreferrer" target="_blank">
            {t("events.tickets")}
          </a>
        ) : null}
        <a className="button button--ghost" href={event.calendarHref} type="text/calendar" download>
          {t("events.addToCalendar")}
        </a>
      </div>
    </DetailArticle>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? detailPageMeta(matches, data, { description: data.summary || `${data.day}, ${data.venue}, ${data.city}` }) : [];
