import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { Link } from "react-router";
import { ImageFallback, Picture } from "~/components/media/Picture";
import { localizePath } from "~/lib/i18n";
import { useLang } from "~/lib/root-data";
import type { SearchResult } from "~/lib/search-result";

/**
 * The slot of a result card (also the search page's preload, app/lib/meta.ts). `.search__results`
 * (search.css) fills its row with as many 240 px columns as fit, 24 px apart, in the container
 * (1320 px at most, 20 px padding each side): 1 to 4 columns, switching at 544, 808 and 1072 px.
 */
export const RESULT_CARD_SIZES = [
  "(min-width: 1320px) 302px",
  "(min-width: 1072px) calc((100vw - 112px) / 4)",
  "(min-width: 808px) calc((100vw - 88px) / 3)",
  "(min-width: 544px) calc((100vw - 64px) / 2)",
  "calc(100vw - 40px)",
].join(", ");

/** A result: type label, image, title, a concert's day and category badge; the whole card is the link. */
/** `priority`: the first card of a list, the page's largest picture on a phone: fetched at once. */
export function SearchResultCard({ result, priority = false }: { result: SearchResult; priority?: boolean }) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const body: ReactNode = (
    <>
      <div className="result-card__media">
        {result.image ? <Picture image={result.image} alt="" sizes={RESULT_CARD_SIZES} priority={priority} /> : <ImageFallback />}
      </div>
      <div className="result-card__body">
        <span className="result-card__type">{t(`search.types.${result.type}`)}</span>
        <h2 className="result-card__title">{result.title}</h2>
        {result.when ? (
          <time className="result-card__date" dateTime={result.when.iso}>
            {result.when.day}
          </time>
        ) : null}
        {result.category ? <span className="badge">{result.category}</span> : null}
      </div>
    </>
  );
  return (
    <li className="result-card" data-type={result.type}>
      {result.external ? (
        <a className="result-card__link" href={result.href} target="_blank" rel="noopener noreferrer">
          {body}
        </a>
      ) : (
        <Link className="result-card__link" to={localizePath(result.href, lang)}>
          {body}
        </Link>
      )}
    </li>
  );
}
