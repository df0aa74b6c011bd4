import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", "app/generated/", ".react-router/", "node_modules/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Sanitisers and validators match control characters on purpose.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: { "no-control-regex": "off" },
  },
  {
    // Layering (DESIGN.md 2): server modules never import components, and components or shared
    // code never import server modules (their types live in app/lib).
    files: ["app/server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/components/*", "**/components/*"], message: "Server code does not import components: move the shared piece to app/lib." }] },
      ],
    },
  },
  {
    // The request edge (parsing bodies, headers, forms) lives in app/server/http/ and the api/ edge in
    // app/server/api/; the modules beside them (domain, views, platform) take typed input and import
    // nothing from either. boot.server.ts wires the process and may.
    files: ["app/server/*.{ts,tsx}"],
    ignores: ["app/server/boot.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./http/*", "~/server/http/*", "./api/*", "~/server/api/*", "~/components/*", "**/components/*"],
              message: "Domain, view and platform modules take typed input: parse the request in app/server/http/ (or api/) and pass the values in.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/server/*", "**/server/*", "*.server"], message: "Components and app/lib do not import server modules: put shared types in app/lib." },
          ],
        },
      ],
    },
  },
  {
    // Configuration is read and validated in one place (env.server.ts).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/env.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through getEnv() in app/server/env.server.ts." },
      ],
    },
  },
  {
    // The same outside app/: the server entry, the scripts and prisma/ read the environment through
    // scripts/ops/config.mjs (and the benchmark through scripts/bench/settings.ts).
    files: ["server.mjs", "scripts/**/*.{ts,mjs}", "prisma/**/*.ts"],
    ignores: ["scripts/ops/config.mjs", "scripts/bench/settings.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read the environment through scripts/ops/config.mjs (scripts/bench/settings.ts for the benchmark)." },
      ],
    },
  },
  {
    // Every server line goes through the JSON logger (log() in app/server/log.server.ts), which
    // escapes what it is given: a console line can be forged by a value with a newline in it.
    // scripts/*.mjs write to an operator's terminal and keep console.
    files: ["app/**/*.{ts,tsx}", "server.mjs"],
    rules: { "no-console": "error" },
  },
  {
    // Tests and scripts read JSON bodies whose shape is the thing under test.
    files: ["tests/**/*.ts", "scripts/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "no-control-regex": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", fetch: "readonly", URL: "readonly" },
    },
  },
);
