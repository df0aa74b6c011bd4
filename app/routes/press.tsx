import { Link } from "react-router";
import type { Route } from "./+types/press";
import { EventCard } from "~/components/events/EventCard";
import { CopyButton } from "~/components/press/CopyButton";
import { PageHero } from "~/components/layout/PageHero";
import { TitledSection } from "~/components/layout/TitledSection";
import { Picture } from "~/components/media/Picture";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/paths";
import { translate } from "~/lib/translation";
import { PRESS_TEXTS } from "~/locales/press";
import { getLang } from "~/server/platform/i18n.server";
import { pressKitPage } from "~/server/views/press-kit.server";

export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const { files: _files, ...texts } = PRESS_TEXTS[lang];
  return { lang, texts, kit: await pressKitPage(lang) };
}

export default function PressPage({ loaderData }: Route.ComponentProps) {
  const { lang, texts, kit } = loaderData;
  // The texts came with the page (not in the translations every visit loads): read as useTranslation reads its own.
  const text = (key: string, values: Record<string, unknown>) => translate(lang, texts, key, values);
  return (
    <>
      <PageHero title={texts.title}>
        <p className="press__intro">{texts.intro}</p>
        {/* A file, not a page (routes/resources/press-kit.ts): the browser downloads it. Not in lib/paths.ts, whose table every page loads. */}
        <a className="button" href={`${pagePath("press", lang)}/kit.zip`} download>
          {texts.download}
        </a>
      </PageHero>
      <div className="container press">
        {kit.biographies.length > 0 ? (
          <TitledSection titleId="press-biographies" title={texts.biographies} className="press__section">
            {kit.biographies.map((bio) => (
              <article key={bio.length} className="press-bio" aria-labelledby={`press-bio-${bio.length}`}>
                <header className="press-bio__header">
                  <h3 id={`press-bio-${bio.length}`}>{texts[bio.length]}</h3>
                  <span className="press-bio__words">{text("words", { count: bio.words })}</span>
                  <CopyButton text={bio.text} labels={texts} describedBy={`press-bio-${bio.length}`} />
                </header>
                <p className="press-bio__text" id={`press-bio-${bio.length}-text`}>
                  {bio.text}
                </p>
              </article>
            ))}
          </TitledSection>
        ) : null}
        {kit.photos.length > 0 ? (
          <TitledSection titleId="press-photos" title={texts.photos} className="press__section">
            <ul className="press-photos">
              {kit.photos.map((photo) => (
                <li key={photo.id}>
                  <figure className="press-photo">
                    <Picture image={photo.image} alt={photo.title} sizes="(min-width: 768px) 33vw, 100vw" className="press-photo__image" />
                    <figcaption>
                      {photo.title ? <span>{photo.title}</span> : null} <span className="press-photo__credit">{text("photoBy", { credit: photo.credit })}</span>
                    </figcaption>
                  </figure>
                  <a href={photo.downloadHref} download>
                    {text("downloadPhoto", { width: photo.image.width, height: photo.image.height })}
                  </a>
                </li>
              ))}
            </ul>
          </TitledSection>
        ) : null}
        {kit.quotes.length > 0 ? (
          <TitledSection titleId="press-quotes" title={texts.quotes} className="press__section">
            {kit.quotes.map((quote) => (
              <figure key={quote.id} className="press-quote">
                <blockquote cite={quote.href ?? undefined}>
                  <p>{quote.text}</p>
                </blockquote>
                <figcaption>
                  — {quote.href ? <a href={quote.href}>{quote.source}</a> : quote.source}
                  {quote.date ? (
                    <>
                      , <time dateTime={quote.date}>{quote.dateLabel}</time>
                    </>
                  ) : null}
                </figcaption>
              </figure>
            ))}
          </TitledSection>
        ) : null}
        {kit.works.length > 0 ? (
          <TitledSection titleId="press-works" title={texts.works} className="press__section">
            <ul className="press-works">
              {kit.works.map((work) => (
                <li key={work.slug}>
                  <Link to={work.href}>{work.title}</Link> <span className="press-works__category">{work.category}</span>
                </li>
              ))}
            </ul>
          </TitledSection>
        ) : null}
        {kit.concerts.length > 0 ? (
          <TitledSection titleId="press-concerts" title={texts.concerts} className="press__section">
            <ul className="event-list">
              {kit.concerts.map((event) => (
                <EventCard key={event.slug} event={event} />
              ))}
            </ul>
          </TitledSection>
        ) : null}
        <TitledSection titleId="press-contact" title={texts.contact} className="press__section">
          <p>
            {texts.contactText}
            <a href={`mailto:${kit.contactEmail}`}>{kit.contactEmail}</a>
          </p>
          <p>
            <Link to={pagePath("contacts", lang)}>{texts.contactForm}</Link>
          </p>
        </TitledSection>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(matches, { title: data.texts.title, description: data.texts.description }) : [];
