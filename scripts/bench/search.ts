// Site search over >= 10,000 generated compositions and news (plus the art direction file).
import { performance } from "node:perf_hooks";
import { createBenchEnvironment, ms, summarize } from "./setup";

const WORDS = [
  "perché",
  "città",
  "notte",
  "nebbia",
  "pianura",
  "composizione",
  "compositrice",
  "archi",
  "pianoforte",
  "violoncello",
  "colonna",
  "sonora",
  "teatro",
  "festival",
  "concerto",
  "elettronica",
  "silenzio",
  "acqua",
  "luce",
  "memoria",
  "fiume",
  "lento",
  "quartetto",
  "voce",
  "ensemble",
  "prima",
  "assoluta",
  "registrazione",
  "vinile",
  "studio",
  "sound",
  "design",
  "score",
  "strings",
  "night",
  "river",
  "light",
  "premiere",
  "recording",
  "release",
  "ferrara",
  "milano",
  "bologna",
  "ravenna",
  "venezia",
  "autunno",
  "inverno",
  "estate",
  "primavera",
  "sinfonia",
];

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function sentence(rand: () => number, words: number) {
  return Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
}

export async function benchSearch(opts: { items?: number; runs?: number } = {}) {
  const items = Math.max(10_000, opts.items ?? 10_000);
  const runs = opts.runs ?? 200;
  const env = await createBenchEnvironment();
  try {
    const { db } = await import("~/server/storage/db.server");
    const { getSearchIndex, searchSite, matchSearchIndex, queryTerms } = await import("~/server/domain/search.server");
    const rand = rng(42);

    const [music, news] = await Promise.all([
      db.category.create({ data: { name: "COLONNE SONORE", nameEng: "SOUNDTRACKS", type: "music" } }),
      db.category.create({ data: { name: "Eventi", nameEng: "Events", type: "news" } }),
    ]);
    const half = Math.ceil(items / 2);
    const chunk = 500;
    const t0 = performance.now();
    for (let start = 0; start < half; start += chunk) {
      const n = Math.min(chunk, half - start);
      await db.music.createMany({
        data: Array.from({ length: n }, (_, i) => ({
          slug: `brano-${start + i}`,
          title: `${sentence(rand, 3)} ${start + i}`,
          description: sentence(rand, 30),
          descriptionEng: sentence(rand, 30),
          img: "",
          categoryId: music.id,
        })),
      });
      await db.news.createMany({
        data: Array.from({ length: n }, (_, i) => ({
          slug: `news-${start + i}`,
          title: sentence(rand, 5),
          titleEng: sentence(rand, 5),
          description: `<p>${sentence(rand, 25)} &egrave; <strong>${sentence(rand, 10)}</strong></p>`,
          descriptionEng: `<p>${sentence(rand, 35)}</p>`,
          date: "2025-01-01",
          categoryId: news.id,
        })),
      });
    }
    const seedMs = performance.now() - t0;

    const tBuild = performance.now();
    const index = await getSearchIndex();
    const buildMs = performance.now() - tBuild;

    const queries = ["perche", "compos", "nebbia ferrara", "silenzio acqua luce", "sinf", "zzzz"];
    const totals: number[] = [];
    const matchOnly: number[] = [];
    const perQuery: { query: string; matches: number; median: number; p95: number }[] = [];
    for (const query of queries) {
      const samples: number[] = [];
      let matches = 0;
      for (let r = 0; r < runs; r++) {
        const page = 1 + (r % 3);
        const start = performance.now();
        const result = await searchSite(query, r % 2 ? "en" : "it", page);
        samples.push(performance.now() - start);
        matches = result.total;
        const m0 = performance.now();
        matchSearchIndex(index, queryTerms(query));
        matchOnly.push(performance.now() - m0);
      }
      totals.push(...samples);
      const s = summarize(samples);
      perQuery.push({ query, matches, median: s.median, p95: s.p95 });
    }
    const all = summarize(totals);
    const core = summarize(matchOnly);
    const lines = [
      `search: ${index.entries.length} indexed items (${half} compositions, ${half} news, ${index.entries.length - 2 * half} art direction works)`,
      `  seed ${ms(seedMs)}; index build ${ms(buildMs)}`,
      ...perQuery.map((q) => `  "${q.query}": ${q.matches} matches, median ${ms(q.median)}, p95 ${ms(q.p95)}`),
      `  searchSite (server time per request, incl. change check and one page of results): median ${ms(all.median)}, p95 ${ms(all.p95)} over ${all.runs} runs`,
      `  in-memory matching alone: median ${ms(core.median)}, p95 ${ms(core.p95)}`,
    ];
    return { name: "search", items: index.entries.length, median: all.median, p95: all.p95, lines };
  } finally {
    await env.cleanup();
  }
}
