import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The house of imports runs one way (issue 33): core/ (what every process shares: configuration, logger,
 * disk, proxy, release, S3 client, SMTP, leader, private modes, runtime) < app/ and scripts/ < the entries
 * (server.mjs, server-app.mjs). app/ never imports scripts/; core/ imports nothing of the project.
 */
const NO_SCRIPTS_FROM_APP = { group: ["**/scripts/*", "**/scripts/**"], message: "app/ does not import scripts/: what every process shares lives in core/." };

/** The import ban of one server layer: it may not reach the layers above it (nor components). */
function serverLayer(layer, above) {
  return [
    {
      files: [`app/server/${layer}/**/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                group: [...above.flatMap((name) => [`~/server/${name}/*`, `**/${name}/*`]), "~/components/*", "**/components/*", "~/demo/*", "**/demo/*"],
                message: `app/server/${layer}/ may not import ${above.join(", ")}, components or demo code (DESIGN.md 2): pass typed values down instead.`,
              },
              NO_SCRIPTS_FROM_APP,
            ],
          },
        ],
      },
    },
  ];
}

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
    // Accessibility of the markup as written (issue 21.9): eslint-plugin-jsx-a11y-x, the ESLint 10 fork of
    // eslint-plugin-jsx-a11y by the maintainer of import-x (the original declares ESLint <= 9). The axe
    // sweeps and html-validate check the rendered pages.
    files: ["app/**/*.tsx"],
    ...jsxA11y.configs.recommended,
  },
  {
    // No import cycle (DESIGN.md 2): a cycle is a layering mistake waiting to happen.
    files: ["app/**/*.{ts,tsx}", "core/**/*.mjs", "scripts/**/*.{ts,mjs}", "server.mjs", "server-app.mjs"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": "error" },
  },
  {
    // Sanitisers and validators match control characters on purpose.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: { "no-control-regex": "off" },
  },
  {
    // The demo content code (app/demo/) is loaded by boot.server.ts only, so it is not part of what
    // serves requests. The rules below repeat the ban: a later no-restricted-imports replaces an earlier one.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/boot.server.ts", "app/demo/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/demo/*", "**/demo/*"], message: "Demo content code is loaded by boot.server.ts only: it is not part of what serves requests." },
            NO_SCRIPTS_FROM_APP,
          ],
        },
      ],
    },
  },
  {
    // Layering (DESIGN.md 2): server modules never import components, and components or shared
    // code never import server modules (their types live in app/lib).
    files: ["app/server/**/*.{ts,tsx}"],
    ignores: ["app/boot.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/components/*", "**/components/*"], message: "Server code does not import components: move the shared piece to app/lib." },
            { group: ["~/demo/*", "**/demo/*"], message: "Demo content code is loaded by boot.server.ts only." },
            NO_SCRIPTS_FROM_APP,
          ],
        },
      ],
    },
  },
  // Layering (DESIGN.md 2): app/server/ is grouped by layer, and a layer imports only the ones
  // below it: platform (configuration, logger, i18n) < storage (database, files, caches) < domain
  // (the rules; typed input) < views (what a page shows) < http (the request edge, api/ included)
  // < routes. boot.server.ts wires the process; app/demo/ (the demo content) is loaded by boot only.
  ...serverLayer("platform", ["storage", "domain", "views", "http"]),
  ...serverLayer("storage", ["domain", "views", "http"]),
  ...serverLayer("domain", ["views", "http"]),
  ...serverLayer("views", ["http"]),
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/server/*", "**/server/*", "*.server"], message: "Components and app/lib do not import server modules: put shared types in app/lib." },
            { group: ["~/demo/*", "**/demo/*"], message: "Demo content code is loaded by boot.server.ts only." },
            NO_SCRIPTS_FROM_APP,
          ],
        },
      ],
    },
  },
  {
    // Configuration is read and validated in one place (env.server.ts).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/server/platform/env.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through getEnv() in app/server/platform/env.server.ts." },
      ],
    },
  },
  {
    // The ground floor imports nothing of the project above it.
    files: ["core/**/*.mjs"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*", "!../package.json"], message: "core/ is the ground floor: it imports only its own modules and packages." }] },
      ],
    },
  },
  {
    // The same outside app/: the server entry, the scripts and prisma/ read the environment through
    // core/config.mjs (and the benchmark through scripts/bench/settings.ts).
    files: ["server.mjs", "server-app.mjs", "core/**/*.mjs", "scripts/**/*.{ts,mjs}", "prisma/**/*.ts"],
    ignores: ["core/config.mjs", "scripts/bench/settings.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read the environment through core/config.mjs (scripts/bench/settings.ts for the benchmark)." },
      ],
    },
  },
  {
    // Every server line goes through the JSON logger (log() in app/server/platform/log.server.ts), which
    // escapes what it is given: a console line can be forged by a value with a newline in it.
    // scripts/*.mjs write to an operator's terminal and keep console.
    files: ["app/**/*.{ts,tsx}", "server.mjs", "server-app.mjs"],
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
      globals: {
        process: "readonly",
        console: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        URL: "readonly",
        AbortSignal: "readonly",
      },
    },
  },
);
