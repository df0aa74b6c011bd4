import { useTranslation } from "~/lib/translation";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { AutoplayProvider } from "~/components/home/autoplay";
import { CompositionsBrowser } from "~/components/home/CompositionsBrowser";
import { HERO_SIZES, HeroSlider } from "~/components/home/HeroSlider";
import { SliderStyles } from "~/components/home/SliderStyles";
import { TitledSection } from "~/components/layout/TitledSection";
import { Picture } from "~/components/media/Picture";
import { JsonLd, useSiteUrls } from "~/components/seo/JsonLd";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { personLd } from "~/lib/structured-data";
import { homeData } from "~/server/views/home.server";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { RichText } from "~/components/layout/RichText";

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const t = getInstance(context).t;
  const data = await homeData(lang, new URL(request.url).searchParams.get("category"));
  return {
    ...data,
    meta: { title: t("composerName"), description: t("pages:home.description") },
  };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const { heroSlides, singleHero, albumDescriptions, categories, cards, selected, about, follows, tiles, concerts } = loaderData;
  const lang = useLang();
  const urls = useSiteUrls();
  const person = personLd({
    name: tc("composerName"),
    url: urls.page,
    description: tc("siteDescription"),
    image: heroSlides[0] ? urls.abs(heroSlides[0].src) : undefined,
    sameAs: follows.map((follow) => follow.link),
  });
  return (
    <AutoplayProvider>
      <div className="home">
        <SliderStyles />
        <JsonLd data={person} />
        <HeroSlider slides={heroSlides} title={tc("composerName")} subtitle={t("home.subtitle")} label={t("home.heroLabel")} />

        <TitledSection
          id="compositions"
          className="home-section home-compositions"
          titleId="home-compositions-title"
          title={t("home.compositions")}
          centered
          inner="container"
        >
          <div className="album-descriptions">
            {albumDescriptions.map((album) => (
              <div key={album.id} className="album-description">
                <h3>{album.title}</h3>
                <RichText html={album.description} />
              </div>
            ))}
          </div>
          <CompositionsBrowser categories={categories} cards={cards} initialCategory={selected} />
        </TitledSection>

        {/* Issue 36: the next concerts, plain markup (EventCard would be one more script on the first visit of home). */}
        {concerts.length > 0 ? (
          <TitledSection className="home-section home-concerts" titleId="home-concerts-title" title={t("events.home")} centered inner="container">
            <ul className="home-concerts__list">
              {concerts.map((concert) => (
                <li key={concert.slug} className="home-concert">
                  <time className="home-concert__date" dateTime={concert.isoStart}>
                    {`${concert.day}, ${concert.time}`}
                  </time>
                  <Link className="home-concert__title" to={concert.href}>
                    {concert.title}
                  </Link>
                  <span className="home-concert__place">{`${concert.venue}, ${concert.city}`}</span>
                  {concert.eventStatus === "scheduled" ? null : (
                    <span className={`badge event-status event-status--${concert.eventStatus}`}>{t(`events.status.${concert.eventStatus}`)}</span>
                  )}
                </li>
              ))}
            </ul>
            <p className="home-concerts__all">
              <Link className="button button--ghost" to={pagePath("events", lang)}>
                {t("events.back")}
              </Link>
            </p>
          </TitledSection>
        ) : null}

        {about.length > 0 ? (
          <TitledSection className="home-section home-bio" titleId="home-bio-title" title={t("home.bio")} centered inner="container">
            {about.map((section) => (
              <div key={section.id} className="home-bio__group">
                {about.length > 1 ? <h3 className="home-bio__category">{section.title}</h3> : null}
                <div className="home-bio__items">
                  {section.items.map((item) => (
                    <div key={item.id} className="home-bio__item">
                      <h3>{item.title}</h3>
                      <RichText html={item.text} />
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </TitledSection>
        ) : null}

        {singleHero ? (
          <div className="home-single-hero">
            <Picture image={singleHero} sizes="100vw" alt="" className="home-single-hero__img" />
          </div>
        ) : null}

        {follows.length > 0 ? (
          <TitledSection className="home-section home-follow" titleId="home-follow-title" title={t("home.follow")} centered inner="container">
            <ul className="follow-list">
              {follows.map((follow) => (
                <li key={follow.id}>
                  <a
                    href={follow.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="follow-link"
                    aria-label={t("home.followOn", { name: follow.name || follow.link })}
                  >
                    <svg viewBox="0 0 24 24" aria-hidden="true">
                      <path d={follow.path} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </TitledSection>
        ) : null}

        {tiles.length > 0 ? (
          <section className="home-tiles" aria-label={t("home.discover")}>
            <ul className="tiles">
              {tiles.map((tile) => (
                <li key={tile.id} className="tile">
                  <Link to={tile.href} className="tile__link" prefetch="intent">
                    <Picture image={tile.image} sizes="(min-width: 992px) 20vw, (min-width: 576px) 50vw, 100vw" alt={tile.title} className="tile__img" />
                    <span className="tile__title" aria-hidden="true">
                      {tile.title}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </AutoplayProvider>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const first = data.heroSlides[0];
  return pageMeta(matches, {
    title: data.meta.title,
    description: data.meta.description,
    image: first?.src,
    firstPicture: { image: first, sizes: HERO_SIZES },
  });
};
