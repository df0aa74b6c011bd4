import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/events";
import { EventCard } from "~/components/events/EventCard";
import { PageHero } from "~/components/layout/PageHero";
import { Pagination } from "~/components/layout/Pagination";
import type { Lang } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { useTranslation } from "~/lib/translation";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { eventsPage } from "~/server/views/events-view.server";

/** `?when=past&page=N`: one page of the past concerts alone; the bare list shows the upcoming ones and the first page of the past. */
function pastHref(lang: Lang, page: number): string {
  return `${pagePath("events", lang)}?when=past${page > 1 ? `&page=${page}` : ""}`;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getInstance(context).t;
  const params = new URL(request.url).searchParams;
  const pastOnly = params.get("when") === "past";
  const requested = params.get("page");
  if (requested === "1") throw redirect(pastOnly ? pastHref(lang, 1) : pagePath("events", lang), 301);
  const page = requested === null ? 1 : /^[1-9]\d{0,5}$/.test(requested) ? Number(requested) : 0;
  if (page === 0 || (page > 1 && !pastOnly)) throw data(null, { status: 404 });
  const { upcoming, past, pastPageCount } = await eventsPage(lang, page);
  if (page > pastPageCount) throw data(null, { status: 404 });
  const title = pastOnly ? t("pages:events.pastTitle", { page }) : t("pages:events.title");
  return { upcoming: pastOnly ? null : upcoming, past, page, pastPageCount, meta: { title, description: t("pages:events.description") } };
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const { upcoming, past, page, pastPageCount } = loaderData;
  return (
    <>
      <PageHero title={upcoming ? t("events.title") : t("events.past")} />
      <div className="events-page container">
        {upcoming ? (
          <section aria-labelledby="events-upcoming">
            <h2 id="events-upcoming">{t("events.upcoming")}</h2>
            {upcoming.length === 0 ? (
              <p className="empty-message">{t("events.noUpcoming")}</p>
            ) : (
              <ul className="event-list">
                {upcoming.map((event) => (
                  <EventCard key={event.slug} event={event} />
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <section aria-labelledby="events-past">
          <h2 id="events-past">{upcoming ? t("events.past") : t("events.pastTitle", { page })}</h2>
          {past.length === 0 ? (
            <p className="empty-message">{t("events.noPast")}</p>
          ) : (
            <ul className="event-list">
              {past.map((event) => (
                <EventCard key={event.slug} event={event} />
              ))}
            </ul>
          )}
          {upcoming && pastPageCount > 1 ? (
            <Link className="button button--ghost" to={pastHref(lang, 2)}>
              {t("events.allPast")}
            </Link>
          ) : null}
          {upcoming ? null : <Pagination page={page} pageCount={pastPageCount} hrefFor={(p) => pastHref(lang, p)} label={t("events.pagination")} />}
        </section>
        <p>
          <a href={`${pagePath("eventsCalendar", lang)}`} type="text/calendar">
            {t("events.subscribe")}
          </a>
        </p>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta(matches, data.meta) : []);
