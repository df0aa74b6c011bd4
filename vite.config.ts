import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import path from "node:path";

/**
 * Browser files are compressed once at build time at the highest levels (brotli 11, gzip 9), so the
 * server sends them with sendfile instead of compressing every response (server.mjs serves the
 * .br/.gz twins through express-static-gzip). Only the client build: the server bundle is never sent.
 */
const precompressedAssets = () =>
  compression({ include: /\.(js|css|svg)$/, threshold: 1024, algorithms: ["brotliCompress", "gzip"], logLevel: "silent" });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), ...(isSsrBuild ? [] : [precompressedAssets()])],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: "es2022",
    rollupOptions: {
      // Route modules share many one-kilobyte helpers; each was its own preloaded file (20 on the
      // home page). Chunks under 8 KB are merged into their importers, so the first load asks for
      // a handful of files.
      output: { experimentalMinChunkSize: 8_000 },
    },
  },
}));
