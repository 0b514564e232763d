import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const API_NOT_APP = { group: ["../app/**", "../../app/**", "../../../app/**", "~/*"], message: "api/ must not import the portal (app/)." };
const SEARCH_BY_INDEX = { group: ["**/search/*", "!**/search/index.ts"], message: "Import the search subsystem through api/search/index.ts." };
const DB_IS_STORAGE = { group: ["**/domain/*", "**/search/*"], message: "api/db/ is storage: it imports neither api/domain/ nor api/search/." };
const DOMAIN_NOT_HTTP = [
  {
    group: ["**/lib/errors", "**/lib/errors.ts", "hono", "hono/*", "@hono/*"],
    message: "api/domain/ answers outcomes and reason codes: the route maps them to HTTP statuses and words (ApiError lives in the routes).",
  },
  {
    group: ["**/lib/http", "**/lib/http.ts"],
    importNames: [
      "ErrorSchema",
      "errorResponses",
      "patronErrorResponses",
      "fieldErrorsOf",
      "createRouter",
      "requireToken",
      "patronOf",
      "requireJsonBody",
    ],
    message: "api/domain/ answers outcomes and reason codes: the HTTP helpers belong to the routes.",
  },
];
const MIGRATION_ONLY_DB = {
  group: ["../../**", "../*", "!../index.ts"],
  message: "A migration imports only the database handle (../index.ts) and its own folder: copy what it needs so it stays as it ran.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "data/",
      "a11y-reports/",
      ".e2e-data/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y, "react-hooks": reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // The portal and the reference API meet only over HTTP.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["../../api/**", "../../../api/**", "../../../../api/**"], message: "app/ must not import the reference API (api/)." }],
          // react-i18next's hook rebuilds its answer on every call of a server render (ADR 210).
          paths: [{ name: "react-i18next", importNames: ["useTranslation"], message: "Import useTranslation from ~/framework/use-translation." }],
        },
      ],
    },
  },
  {
    // Components render on the client too: they import no \`.server\` module, not even a type
    // (docs/contributing/adding-a-screen.md); the wire shapes they show are in app/lib/api/types/.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx"],
              message:
                "A component imports no .server module: the loader hands it the data, and its types are in app/lib/api/types/ (or a types module beside the route).",
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers (docs/contributing/adding-an-api-group.md): the search subsystem is used through its
    // index.ts; storage (api/db/) imports neither the domain rules nor the search; migrations import only the
    // database handle and their own folder, so each stays as it ran (a copy of what they need, not an import).
    files: ["api/**/*.ts"],
    ignores: ["api/search/**", "api/db/**", "api/domain/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [API_NOT_APP, SEARCH_BY_INDEX] }] },
  },
  {
    // The rules answer outcomes and reason codes; statuses and words are the routes' (scripts/api-domain-layer.test.ts
    // also refuses a status code set in a rule).
    files: ["api/domain/**/*.ts"],
    ignores: ["api/domain/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [API_NOT_APP, SEARCH_BY_INDEX, ...DOMAIN_NOT_HTTP] }] },
  },
  {
    files: ["api/search/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [API_NOT_APP] }] },
  },
  {
    files: ["api/db/**/*.ts"],
    ignores: ["api/db/migrations/**", "api/db/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [API_NOT_APP, DB_IS_STORAGE] }] },
  },
  {
    files: ["api/db/migrations/**/*.ts"],
    ignores: ["api/db/migrations/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [API_NOT_APP, MIGRATION_ONLY_DB] }] },
  },
);
