import type { Prisma } from "~/generated/prisma/client";
import { choicesOf } from "~/lib/item-fields";
import { ensembleName, instrumentName } from "~/lib/catalogue-vocabulary";
import { localized, type Lang } from "~/lib/i18n";
import { compositionPath } from "~/lib/paths";
import type { WorksQuery } from "~/lib/works-query";
import { containsIgnoringCase, db } from "../storage/db.server";
import { visibleToVisitors } from "../storage/publication.server";

/**
 * /works (issue 36): the published compositions that have catalogue data, filtered and sorted in SQL
 * by the page's GET parameters (lib/works-query.ts), in the page's language.
 */
export type WorkRow = {
  href: string;
  title: string;
  year: number | null;
  ensemble: string | null;
  durationMinutes: number | null;
  instrumentation: string;
};

/** A composition is in the catalogue once it has any of the data a programmer filters by. */
const HAS_CATALOGUE_DATA: Prisma.MusicWhereInput = {
  OR: [
    { year: { not: null } },
    { durationMinutes: { not: null } },
    { ensemble: { not: null } },
    { instrumentation: { not: "" } },
    { instruments: { not: "[]" } },
  ],
};

function worksWhere(query: WorksQuery): Prisma.MusicWhereInput {
  const range = (min: number | null, max: number | null) =>
    min === null && max === null ? undefined : { ...(min !== null ? { gte: min } : {}), ...(max !== null ? { lte: max } : {}) };
  const text = query.q;
  return {
    AND: [
      visibleToVisitors(),
      HAS_CATALOGUE_DATA,
      query.ensemble ? { ensemble: query.ensemble } : {},
      // The instruments column is a JSON list of keys: a key in quotes is found as it is, on both databases.
      ...query.instruments.map((key) => ({ instruments: { contains: `"${key}"` } })),
      { durationMinutes: range(query.minDuration, query.maxDuration) },
      { year: range(query.yearFrom, query.yearTo) },
      text
        ? {
            OR: ["title", "titleEng", "instrumentation", "instrumentationEng", "premiere", "premiereEng", "commission", "commissionEng", "publisher"].map(
              (column) => ({ [column]: containsIgnoringCase(text) }),
            ),
          }
        : {},
    ],
  };
}

const ORDER: Record<WorksQuery["sort"], Prisma.MusicOrderByWithRelationInput[]> = {
  year: [{ year: { sort: "desc", nulls: "last" } }, { title: "asc" }],
  title: [{ title: "asc" }],
  duration: [{ durationMinutes: { sort: "asc", nulls: "last" } }, { title: "asc" }],
};

/** More than any catalogue this site holds; a bound, so one request never reads a table whole. */
const MOST_WORKS = 500;

export async function worksCatalogue(query: WorksQuery, lang: Lang): Promise<{ total: number; works: WorkRow[] }> {
  const where = worksWhere(query);
  const [rows, total] = await Promise.all([
    db.music.findMany({
      where,
      orderBy: ORDER[query.sort],
      take: MOST_WORKS,
      select: {
        slug: true,
        title: true,
        titleEng: true,
        year: true,
        ensemble: true,
        durationMinutes: true,
        instrumentation: true,
        instrumentationEng: true,
        instruments: true,
        category: { select: { name: true } },
      },
    }),
    db.music.count({ where }),
  ]);
  // An English title sorts by what English pages show.
  const works = rows.map((row) => ({
    href: compositionPath(row.category.name, row.slug, lang),
    title: localized(row, "title", lang),
    year: row.year,
    ensemble: row.ensemble ? ensembleName(row.ensemble, lang) : null,
    durationMinutes: row.durationMinutes,
    instrumentation:
      localized(row, "instrumentation", lang) ||
      choicesOf(row.instruments)
        .map((key) => instrumentName(key, lang))
        .join(", "),
  }));
  if (query.sort === "title" && lang === "en") works.sort((a, b) => a.title.localeCompare(b.title, "en"));
  return { total, works };
}
