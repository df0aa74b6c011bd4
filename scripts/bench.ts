// `npm run bench [name ...]`: server-side benchmarks, each in its own throwaway database.
// Add a benchmark: write scripts/bench/<name>.ts exporting an async function that returns
// { name, lines }, and list it below.
import { benchPages } from "./bench/pages";
import { benchQueries } from "./bench/queries";
import { benchSearch } from "./bench/search";
import { benchSettings } from "./bench/settings";
import { benchTranscode } from "./bench/transcode";

type Bench = () => Promise<{ name: string; lines: string[] }>;

const BENCHMARKS: Record<string, Bench> = {
  pages: () => benchPages(),
  queries: () => benchQueries(),
  search: () => benchSearch({ items: benchSettings.searchItems, runs: benchSettings.searchRuns }),
  transcode: () => benchTranscode(),
};

// Names of benchmarks; options (--cpu-prof) are read by ./bench/settings.
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const names = wanted.length > 0 ? wanted : Object.keys(BENCHMARKS);
for (const name of names) {
  const bench = BENCHMARKS[name];
  if (!bench) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(BENCHMARKS).join(", ")}`);
    process.exit(1);
  }
  const result = await bench();
  console.log(result.lines.join("\n"));
}
