import { Link } from "react-router";
import type { EventCardData, Performance } from "~/lib/event-card";
import { useTranslation } from "~/lib/translation";

/** A concert's state, shown when it is not simply in programme (a cancelled or postponed concert stays listed, with this label). */
export function EventStatusLabel({ status }: { status: EventCardData["eventStatus"] }) {
  const { t } = useTranslation("pages");
  if (status === "scheduled") return null;
  return <span className={`badge event-status event-status--${status}`}>{t(`events.status.${status}`)}</span>;
}

/**
 * A concert in a list: day and time (Rome), title, venue and city, its state; with `premiere`, the
 * line says it was the work's world premiere (a composition's performances).
 */
export function EventCard({ event, headingLevel = 3, premiere }: { event: EventCardData; headingLevel?: 2 | 3; premiere?: boolean }) {
  const { t } = useTranslation("pages");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className={`event-card${event.eventStatus === "cancelled" ? " event-card--cancelled" : ""}`} data-slug={event.slug}>
      <time className="event-card__date" dateTime={event.isoStart}>
        <span className="event-card__day">{event.day}</span> <span className="event-card__time">{event.time}</span>
      </time>
      <div className="event-card__body">
        <Heading className="event-card__title">
          <Link to={event.href}>{event.title}</Link>
        </Heading>
        <p className="event-card__place">
          {event.venue}, {event.city} ({event.country})
        </p>
        <EventStatusLabel status={event.eventStatus} />
        {premiere ? <span className="badge event-card__premiere">{t("events.premiere")}</span> : null}
      </div>
    </li>
  );
}

/**
 * A composition's performances («Esecuzioni»): upcoming then past, as the loader ordered them, the
 * premiere marked. Nothing at all when the work has none.
 */
export function Performances({ performances }: { performances: Performance[] }) {
  const { t } = useTranslation("pages");
  if (performances.length === 0) return null;
  return (
    <section className="performances" aria-labelledby="performances-title">
      <h2 id="performances-title">{t("events.performances")}</h2>
      <ul className="event-list">
        {performances.map(({ event, premiere }) => (
          <EventCard key={event.slug} event={event} premiere={premiere} />
        ))}
      </ul>
    </section>
  );
}
