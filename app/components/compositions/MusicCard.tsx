import { Link } from "react-router";
import { ImageFallback, Picture } from "~/components/media/Picture";
import type { MusicCardData } from "~/lib/music-card";
import { PlayButton, VideoButton } from "./MediaButtons";

/** The slot of a card in `.card-grid--music` (4/3/2/1 columns at 1200/992/576 px). */
export const MUSIC_CARD_SIZES = "(min-width: 1200px) 25vw, (min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw";

/**
 * One composition: the cover links to the detail page, or out to the external link in a new tab;
 * internal items also get the player and (when there is one) the video button.
 */
/**
 * `priority`: the first card of a list, the page's largest picture on a phone: fetched at once.
 * `headingLevel`: the card's title is a level below the heading the cards sit under (h3 under a
 * section's h2; h2 on a category page, where the cards follow the h1).
 */
export function MusicCard({
  item,
  sizes = MUSIC_CARD_SIZES,
  showCategory = false,
  priority = false,
  headingLevel = 3,
}: {
  item: MusicCardData;
  sizes?: string;
  showCategory?: boolean;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const cover = item.image ? (
    <Picture image={item.image} sizes={sizes} alt={item.title} priority={priority} className="music-card__img" />
  ) : (
    <ImageFallback className="music-card__img" />
  );
  return (
    <article className="music-card" data-slug={item.slug}>
      {item.external ? (
        <a className="music-card__cover" href={item.href} target="_blank" rel="noopener noreferrer">
          {cover}
          {item.image ? null : <span className="visually-hidden">{item.title}</span>}
        </a>
      ) : (
        <Link className="music-card__cover" to={item.href} prefetch="intent">
          {cover}
          {item.image ? null : <span className="visually-hidden">{item.title}</span>}
        </Link>
      )}
      <div className="music-card__body">
        {showCategory ? <span className="badge">{item.categoryLabel}</span> : null}
        <Heading className="music-card__title">
          {item.external ? (
            <a href={item.href} target="_blank" rel="noopener noreferrer">
              {item.title}
            </a>
          ) : (
            <Link to={item.href}>{item.title}</Link>
          )}
        </Heading>
        {item.external ? null : (
          <div className="music-card__actions">
            <PlayButton
              id={item.slug}
              title={item.title}
              tracks={item.tracks}
              cover={item.image}
              href={item.href}
              className="button button--primary button--small"
            />
            {item.video ? <VideoButton title={item.title} video={item.video} className="button button--ghost button--small" /> : null}
          </div>
        )}
      </div>
    </article>
  );
}
