import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import path from "node:path";

/**
 * Browser files are compressed once at build time at the highest levels (brotli 11, gzip 9), so the
 * server sends them with sendfile instead of compressing every response (server.mjs serves the
 * .br/.gz twins through express-static-gzip). Only the client build: the server bundle is never sent.
 * Small files too: a page preloads several chunks under 1 KB, which brotli halves (a twin that would
 * not be smaller is not written).
 */
const precompressedAssets = () => compression({ include: /\.(js|css|svg)$/, algorithms: ["brotliCompress", "gzip"], logLevel: "silent" });

/**
 * The process a master is decoded in (app/server/domain/audio-transcode-process.server.ts, ADR 047) is
 * an entry of its own in the server build, build/server/transcoder.js: it loads the audio code and
 * Node only, not the server's bundle (about 140 MB and 0.8 s to load).
 */
const transcoderEntry = (): Plugin => ({
  name: "transcoder-entry",
  buildStart() {
    this.emitFile({ type: "chunk", id: path.resolve(import.meta.dirname, "app/server/domain/audio-transcode-child.server.ts"), fileName: "transcoder.js" });
  },
});

type ModuleGraph = {
  getModuleInfo: (id: string) => { importedIds: readonly string[]; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
};
const APP = path.resolve(import.meta.dirname, "app") + path.sep;
const ROUTES = `${APP}routes${path.sep}`;
const ADMIN_ROUTES = `${ROUTES}admin${path.sep}`;
const ROOT = `${APP}root.tsx`;
const PUBLIC_LAYOUT = `${ROUTES}public-pages.tsx`;
/** A module of the site's own that this many public routes load goes into the shared public chunk. */
const SHARED_BY_ROUTES = 4;

/** What `module` imports statically, all the way down (not its lazy imports, not the layouts). */
function staticImports(graph: ModuleGraph, module: string, into = new Set<string>()): Set<string> {
  for (const imported of graph.getModuleInfo(module)?.importedIds ?? []) {
    if (into.has(imported) || imported === ROOT || imported === PUBLIC_LAYOUT) continue;
    into.add(imported);
    staticImports(graph, imported, into);
  }
  return into;
}

/** The route modules that load `id` statically, or null when an admin route or a lazy import does. */
function publicRoutesLoading(graph: ModuleGraph, id: string, routes = new Set<string>(), seen = new Set<string>()): Set<string> | null {
  if (seen.has(id)) return routes;
  seen.add(id);
  const info = graph.getModuleInfo(id);
  if (!info || info.dynamicImporters.length > 0) return null;
  for (const importer of info.importers) {
    if (importer.startsWith(ADMIN_ROUTES)) return null;
    if (importer.startsWith(ROUTES) || importer === ROOT) routes.add(importer);
    else if (!importer.startsWith(APP) || publicRoutesLoading(graph, importer, routes, seen) === null) return null;
  }
  return routes;
}

/**
 * Issue 33: a first visit of / fetched 20 scripts, most under 1 KB, and Lighthouse counts each one's
 * headers too (10 KB of them). Three chunks hold what would be many small files, and nobody loads
 * code that no page of theirs needed before:
 * - root-layout: what the root imports (every page, admin too, loads it; React Router is in it),
 * - public-layout: what the public pages' layout imports,
 * - public-parts: the site's own modules that at least SHARED_BY_ROUTES public routes load, never an
 *   admin route nor lazily (the player panel, the lightbox, altcha stay on demand).
 * tests/e2e/first-paint.test.ts holds the budget and "public pages ship no admin code".
 */
function clientChunks() {
  let layouts: { root: Set<string>; publicLayout: Set<string> } | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (id === ROOT || id === PUBLIC_LAYOUT) return undefined;
    layouts ??= { root: staticImports(graph, ROOT), publicLayout: staticImports(graph, PUBLIC_LAYOUT) };
    if (layouts.root.has(id)) return "root-layout";
    if (layouts.publicLayout.has(id)) return "public-layout";
    if (id.startsWith(APP) && !id.startsWith(ROUTES) && (publicRoutesLoading(graph, id)?.size ?? 0) >= SHARED_BY_ROUTES) return "public-parts";
    return undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), ...(isSsrBuild ? [transcoderEntry()] : [precompressedAssets()])],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: "es2022",
    rollupOptions: {
      // Shared modules go into chunks by who loads them (clientChunks); what is left under 1 KB is merged
      // into its importers. Not by size alone: merging reaches for any chunk the same entries load, and
      // at 8 KB it put admin list screens into a chunk every public page preloaded (docs/performance.md).
      output: { experimentalMinChunkSize: 1_000, ...(isSsrBuild ? {} : { manualChunks: clientChunks() }) },
    },
  },
}));
