/** Search, page and page size of an admin list, all kept in the URL (SPEC.md 2.17, 9). */
export const PAGE_SIZES = ["30", "50", "100", "all"] as const;
import { NOT_FOUND_MESSAGE } from "./form-messages";
export type PageSize = (typeof PAGE_SIZES)[number];
export const PAGE_SIZE_LABELS: Record<PageSize, string> = {
  "30": "30 per pagina",
  "50": "50 per pagina",
  "100": "100 per pagina",
  all: "Tutti",
};

export type ListParams = { q: string; page: number; size: PageSize; skip: number; take: number | undefined };

export function parseListParams(url: URL | string): ListParams {
  const u = typeof url === "string" ? new URL(url, "http://x") : url;
  const q = (u.searchParams.get("q") ?? "").trim().slice(0, 200);
  const rawSize = u.searchParams.get("size");
  const size: PageSize = (PAGE_SIZES as readonly string[]).includes(rawSize ?? "") ? (rawSize as PageSize) : "30";
  const rawPage = Number.parseInt(u.searchParams.get("page") ?? "1", 10);
  const page = size === "all" ? 1 : Number.isFinite(rawPage) && rawPage > 0 ? Math.min(rawPage, 100000) : 1;
  const take = size === "all" ? undefined : Number(size);
  return { q, page, size, skip: take ? (page - 1) * take : 0, take };
}

/** What a list function is asked for: a filter and one page of `size` rows (every row without a size). */
export type ListRequest<F> = { filter?: F; page?: number; size?: number };
export type ListPage<T> = { rows: T[]; total: number };

/** The page and size of a list request as SQL's OFFSET and LIMIT (Prisma's skip and take). */
export function pageWindow({ page = 1, size }: { page?: number; size?: number }): { skip: number; take: number | undefined } {
  if (size === undefined) return { skip: 0, take: undefined };
  return { skip: (Math.max(1, Math.floor(page)) - 1) * size, take: size };
}

/** The page part of a list request from the URL's parameters. */
export function pageOf(params: ListParams): { page: number; size: number | undefined } {
  return { page: params.page, size: params.take };
}

export function pageCount(total: number, size: PageSize): number {
  return size === "all" ? 1 : Math.max(1, Math.ceil(total / Number(size)));
}

/** A list URL with some of its parameters changed (defaults left out). */
export function listHref(pathname: string, params: { q: string; page: number; size: PageSize; stato?: string }): string {
  const sp = new URLSearchParams();
  if (params.q) sp.set("q", params.q);
  if (params.stato) sp.set("stato", params.stato);
  if (params.size !== "30") sp.set("size", params.size);
  if (params.page > 1) sp.set("page", String(params.page));
  const qs = sp.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Messages shown at the top of a list after a redirect (`?avviso=`). */
const NOTICES: Record<string, string> = {
  "non-trovato": NOT_FOUND_MESSAGE,
  eliminato: "Elemento eliminato",
  salvato: "Modifiche salvate",
  caricata: "Immagine caricata",
  sostituita: "Immagine sostituita: ogni pagina che la usava mostra la nuova",
  reinviato: "Messaggio rimesso in coda per l'invio",
  gestito: "Messaggio segnato come gestito",
  "da-gestire": "Messaggio segnato come da gestire",
  letto: "Messaggio segnato come letto",
  "non-letto": "Messaggio segnato come non letto",
  ripristinato: "Elemento ripristinato",
  "eliminato-definitivamente": "Elemento eliminato definitivamente",
  // Issue 37: the newsletter
  "newsletter-avviata": "Invio della newsletter avviato: l'avanzamento è qui sotto",
  "iscritto-eliminato": "Iscritto eliminato, con i dati del suo consenso",
};

/** What every admin list page sends to its component besides its rows. */
export type ListState = { total: number; q: string; page: number; size: PageSize; notice: string | null };

export function listState(url: URL, params: ListParams, total: number): ListState {
  return { total, q: params.q, page: params.page, size: params.size, notice: noticeFrom(url) };
}

/** The message an admin page shows after a redirect with `?avviso=` (a save, a delete...). */
export function noticeFrom(url: URL): string | null {
  return NOTICES[url.searchParams.get("avviso") ?? ""] ?? null;
}
