import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

/** Runs two searches in this browser context, then opens the history. */
const afterSearches = async (page: Page) => {
  await page.goto("/?termo=historia");
  await page.goto("/avancada?titulo=brasil");
  await page.goto("/historico");
};

// The search history (empty, listing searches, after clearing) and the external-base access page.
const ROUTES: RouteCase[] = [
  { name: "history-empty", path: () => "/historico" },
  { name: "history-list", path: () => "/historico", act: afterSearches },
  { name: "history-cleared", path: () => "/historico?aviso=limpo" },
  // After a login that named an external base (ADR 095).
  { name: "external-base-access", path: () => "/pergamum_redireciona?base=cengage", signedIn: true },
];

auditRoutes(ROUTES);
