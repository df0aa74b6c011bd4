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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), ...(isSsrBuild ? [transcoderEntry()] : [precompressedAssets()])],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: "es2022",
    rollupOptions: {
      // Route modules share many tiny helpers; each was its own preloaded file (21 on the home page).
      // Chunks under 1 KB are merged into their importers (15 files). Not more: merging reaches for
      // any chunk the same entries load, and at 8 KB it put admin list screens into a chunk every
      // public page preloaded (tests/e2e/first-paint.test.ts, "public pages ship no admin code").
      output: { experimentalMinChunkSize: 1_000 },
    },
  },
}));
