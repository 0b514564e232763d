import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

/** Runs two searches in this browser context, then opens the history. */
const afterSearches = async (page: Page) => {
  await page.goto("/?termo=historia");
  await page.goto("/avancada?titulo=brasil");
  await page.goto("/historico");
};

// The search history: empty, listing searches, and after clearing.
const ROUTES: RouteCase[] = [
  { name: "history-empty", path: () => "/historico" },
  { name: "history-list", path: () => "/historico", act: afterSearches },
  { name: "history-cleared", path: () => "/historico?aviso=limpo" },
];

auditRoutes(ROUTES);
