import { useTranslation } from "~/lib/translation";
import { Link } from "react-router";

/** Page numbers around the current one, with null for an ellipsis: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, pageCount: number, around = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= around) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/**
 * First, previous, numbers with ellipsis, next, last: plain links, so they work without JavaScript
 * (search results, the news list). `label` names the navigation ("Result pages").
 */
export function Pagination({ page, pageCount, hrefFor, label }: { page: number; pageCount: number; hrefFor: (page: number) => string; label: string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const step = (target: number, label: string, className: string, text: string, rel?: "prev" | "next") =>
    target < 1 || target > pageCount || target === page ? (
      <li>
        {/* a span may not carry aria-label (html-validate, issue 35): its name is a hidden text */}
        <span className={`pagination__link ${className}`} aria-disabled="true">
          <span aria-hidden="true">{text}</span>
          <span className="visually-hidden">{label}</span>
        </span>
      </li>
    ) : (
      <li>
        <Link className={`pagination__link ${className}`} to={hrefFor(target)} aria-label={label} rel={rel}>
          {text}
        </Link>
      </li>
    );
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {step(1, t("pagination.first"), "pagination__first", "«")}
        {step(page - 1, t("pagination.previous"), "pagination__prev", "‹", "prev")}
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`}>
              <span className="pagination__ellipsis" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={p}>
              <Link
                className="pagination__link pagination__number"
                to={hrefFor(p)}
                aria-label={t("pagination.page", { page: p })}
                aria-current={p === page ? "page" : undefined}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {step(page + 1, t("pagination.next"), "pagination__next", "›", "next")}
        {step(pageCount, t("pagination.last"), "pagination__last", "»")}
      </ul>
    </nav>
  );
}
