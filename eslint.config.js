import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", "node_modules/", ".react-router/", "test-results/", "playwright-report/", "data/", "a11y-reports/", ".e2e-data/", "bench/results/"],
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
          paths: [{ name: "react-i18next", importNames: ["useTranslation"], message: "Import useTranslation from ~/lib/use-translation." }],
        },
      ],
    },
  },
  {
    files: ["api/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["../app/**", "../../app/**", "../../../app/**", "~/*"], message: "api/ must not import the portal (app/)." }] }] },
  },
);
