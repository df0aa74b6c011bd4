import { data, Link } from "react-router";
import type { Route } from "./+types/event-detail";
import { EventStatusLabel } from "~/components/events/EventCard";
import { Picture } from "~/components/media/Picture";
import { PREVIEW_META, PreviewBanner } from "~/components/preview/PreviewBanner";
import { JsonLd, useSiteUrls } from "~/components/seo/JsonLd";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { musicEventLd } from "~/lib/structured-data";
import { useTranslation } from "~/lib/translation";
import { getEventBySlug } from "~/server/domain/events.server";
import { previewFor, previewHeaders } from "~/server/http/preview.server";
import { getLang } from "~/server/platform/i18n.server";
import { eventDetail } from "~/server/views/events-view.server";

const EVENT_PICTURE_SIZES = "(min-width: 940px) 900px, 100vw";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const item = await getEventBySlug(params.slugEvent);
  if (!item) throw data(null, { status: 404 });
  // A draft or scheduled concert: 404, or a preview for staff and preview links (as news).
  const preview = await previewFor(request, "event", item);
  const detail = { ...(await eventDetail(item, getLang(context))), preview };
  return preview ? data(detail, { headers: previewHeaders(request) }) : detail;
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
    <article className="news-detail event-detail container">
      <PreviewBanner preview={event.preview} />
      {event.preview ? null : <JsonLd data={structuredData} />}
      <div className="news-detail__inner">
        {event.image ? (
          <div className="news-detail__image">
            <Picture image={event.image} sizes={EVENT_PICTURE_SIZES} alt={event.title} priority />
          </div>
        ) : null}
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
        <Link className="back-link" to={pagePath("events", lang)}>
          ← {t("events.back")}
        </Link>
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? [
        ...pageMeta(matches, {
          title: data.title,
          description: data.summary || `${data.day}, ${data.venue}, ${data.city}`,
          image: data.image?.src,
          firstPicture: { image: data.image, sizes: EVENT_PICTURE_SIZES },
        }),
        ...(data.preview ? [PREVIEW_META] : []),
      ]
    : [];
