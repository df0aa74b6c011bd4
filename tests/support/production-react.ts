// A setup file of the e2e workers (vitest.e2e.config.ts). React, React DOM and the JSX runtime pick their
// production or development build by NODE_ENV when first loaded, and a process keeps the first: vitest runs
// tests under NODE_ENV=test, and a test that imports app code (~/server/...) would load the development
// build, which the production build served in-process (tests/support/in-process.ts) cannot render with
// ("dispatcher.getOwner is not a function"). Loaded first, in production mode, they are what the build
// gets in a worker, as in server.mjs.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const nodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  for (const name of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) require(name);
} finally {
  process.env.NODE_ENV = nodeEnv;
}
