import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PAGE_SIZES, PAGE_SIZE_LABELS, listHref, pageCount, type PageSize } from "~/lib/list-params";

/** Breadcrumb of an admin page: Dashboard › ... */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav className="breadcrumb" aria-label="Percorso">
      <ol>
        <li>
          <Link to="/admin/">Dashboard</Link>
        </li>
        {items.map((item) => (
          <li key={item.label}>{item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** The search box and page-size choice: a GET form, so it works without JavaScript. */
/** A list's filter by publication state (issue 24): `?stato=` with its choices, "" for every item. */
export type StateFilter = { value: string; options: [value: string, label: string][] };

export function ListSearch({ q, size, placeholder, stateFilter }: { q: string; size: PageSize; placeholder: string; stateFilter?: StateFilter }) {
  return (
    <Form method="get" className="list-search" role="search">
      <label className="visually-hidden" htmlFor="list-q">
        Cerca
      </label>
      <input id="list-q" type="search" name="q" defaultValue={q} placeholder={placeholder} />
      <label className="visually-hidden" htmlFor="list-size">
        Righe per pagina
      </label>
      {stateFilter ? (
        <>
          <label className="visually-hidden" htmlFor="list-stato">
            Stato
          </label>
          <select id="list-stato" name="stato" defaultValue={stateFilter.value}>
            {stateFilter.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <select id="list-size" name="size" defaultValue={size}>
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {PAGE_SIZE_LABELS[s]}
          </option>
        ))}
      </select>
      <button className="button button--primary" type="submit">
        Cerca
      </button>
    </Form>
  );
}

export function Pagination({
  pathname,
  q,
  page,
  size,
  total,
  stato,
}: {
  pathname: string;
  q: string;
  page: number;
  size: PageSize;
  total: number;
  stato?: string;
}) {
  const pages = pageCount(total, size);
  return (
    <nav className="list-pagination" aria-label="Paginazione">
      <span className="list-pagination__info">
        {total === 0 ? "Nessun risultato" : `Pagina ${page} di ${pages} · ${total} ${total === 1 ? "elemento" : "elementi"}`}
      </span>
      {page > 1 ? (
        <Link className="button button--ghost" rel="prev" to={listHref(pathname, { q, size, page: page - 1, stato })}>
          ‹ Precedente
        </Link>
      ) : null}
      {page < pages ? (
        <Link className="button button--ghost" rel="next" to={listHref(pathname, { q, size, page: page + 1, stato })}>
          Successiva ›
        </Link>
      ) : null}
    </nav>
  );
}

export function Notice({ text, children }: { text: string | null | undefined; children?: ReactNode }) {
  if (!text) return null;
  return (
    <p className="notice" role="status">
      {text}
      {children}
    </p>
  );
}

/** «Modifiche salvate» on an edit page, with where the saved item is on the site (issue 35). */
export function SavedNotice({ notice, publicPage }: { notice: string | null; publicPage: { href: string; visible: boolean } }) {
  return (
    <Notice text={notice}>
      {publicPage.visible ? (
        <>
          {": "}
          <a href={publicPage.href}>vedi la pagina pubblica</a>
        </>
      ) : (
        ". Non è ancora visibile sul sito (bozza o programmata): un link di anteprima, più sotto, la mostra."
      )}
    </Notice>
  );
}

/**
 * The up and down buttons of an ordered list's row (a content item, a track), inside the row's own
 * form post: the pressed one sends `name` = "up" or "down"; at either end its button is disabled.
 * `titled` adds the tooltip icon-only buttons show.
 */
export function MoveButtons({
  name,
  item,
  first,
  last,
  className,
  titled = false,
}: {
  name: string;
  item: string;
  first: boolean;
  last: boolean;
  className: string;
  titled?: boolean;
}) {
  return (
    <>
      <button
        className={className}
        type="submit"
        name={name}
        value="up"
        disabled={first}
        aria-label={`Sposta su: ${item}`}
        title={titled ? "Sposta su" : undefined}
      >
        ↑
      </button>
      <button
        className={className}
        type="submit"
        name={name}
        value="down"
        disabled={last}
        aria-label={`Sposta giù: ${item}`}
        title={titled ? "Sposta giù" : undefined}
      >
        ↓
      </button>
    </>
  );
}

/** The header row of an admin table: a column per header, and the unnamed actions column (named for screen readers). */
export function TableHead({ headers, actions = true }: { headers: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {headers.map((header) => (
          <th key={header} scope="col">
            {header}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Azioni</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
