import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds live side by side (parallel test runs); the default is build/.
  buildDirectory: process.env.BUILD_DIR || "build",
  future: { v8_middleware: true },
} satisfies Config;
