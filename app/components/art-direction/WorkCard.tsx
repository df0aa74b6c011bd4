import { useTranslation } from "~/lib/translation";
import { Picture } from "~/components/media/Picture";
import { CARD_GRID_SIZES } from "~/lib/images";
import type { WorkCard as Work } from "~/lib/work-card";

/** The slot of a work card (also the category page's preload, app/lib/meta.ts). */
export const WORK_CARD_SIZES = CARD_GRID_SIZES;

/** An art direction work: the whole card links out (new tab); artist pills link to their pages. */
/** `priority`: the first card of a list, the page's largest picture on a phone: fetched at once. */
export function WorkCard({ work, priority = false }: { work: Work; priority?: boolean }) {
  const { t } = useTranslation("pages");
  const body = (
    <>
      {work.image ? <Picture image={work.image} alt="" sizes={WORK_CARD_SIZES} priority={priority} className="work-card__image" /> : null}
      <span className="work-card__year">{work.year || null}</span>
      <h3 className="work-card__title">{work.title}</h3>
    </>
  );
  return (
    <article className="work-card">
      {work.href ? (
        <a className="work-card__link" href={work.href} target="_blank" rel="noopener noreferrer">
          {body}
          <span className="visually-hidden"> {t("artDirection.opensNewTab")}</span>
        </a>
      ) : (
        <div className="work-card__link">{body}</div>
      )}
      {work.artists.length > 0 ? <span className="visually-hidden">{t("artDirection.artists")}</span> : null}
      {/* a list may not carry aria-label (html-validate, issue 35): the hidden text above names it */}
      {work.artists.length > 0 ? (
        <ul className="work-card__artists">
          {work.artists.map((artist) => (
            <li key={`${artist.id}-${artist.name}`}>
              {artist.href ? (
                <a className="pill pill--link" href={artist.href} target="_blank" rel="noopener noreferrer">
                  {artist.name}
                </a>
              ) : (
                <span className="pill">{artist.name}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {work.producer ? (
        <p className="work-card__producer">
          <span className="work-card__producer-label">{t("artDirection.producer")}:</span> {work.producer}
        </p>
      ) : null}
    </article>
  );
}
