import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

const PROFILE = "/meupergamum/perfil-interesse";

/** Submits the include form with nothing ticked, so the audit covers the summary and the group's inline error. */
const includeNothing = async (page: Page) => {
  await page.locator('form:has(input[name="intent"][value="incluir"]) button[type="submit"]').click();
  await page.getByRole("alert").first().waitFor();
};

/** Tries to follow the first periodical found with no journal type ticked (spec §5's error). */
const followWithoutType = async (page: Page) => {
  await page.locator('form:has(input[name="intent"][value="seguir"]) button[type="submit"]').first().click();
  await page.getByRole("alert").first().waitFor();
};

// Interest profiles and areas of interest (issue 11, ADR 191): one case per distinct screen and state, as demo
// (whose profile has an area, an author, a subject, books only and a periodical).
const ROUTES: RouteCase[] = [
  { name: "interest-profile", path: () => PROFILE, signedIn: true },
  { name: "interest-profile-saved", path: () => `${PROFILE}?feito=incluido`, signedIn: true },
  { name: "interest-profile-areas-found", path: () => `${PROFILE}?tipo=area&termo=`, signedIn: true },
  { name: "interest-profile-short-term", path: () => `${PROFILE}?tipo=autor&termo=ab`, signedIn: true },
  { name: "interest-profile-include-errors", path: () => `${PROFILE}?tipo=area&termo=`, signedIn: true, act: includeNothing },
  { name: "interest-periodicals", path: () => `${PROFILE}/periodicos`, signedIn: true },
  { name: "interest-periodicals-errors", path: () => `${PROFILE}/periodicos?termo=law+review`, signedIn: true, act: followWithoutType },
  { name: "interest-areas", path: () => "/meupergamum/areas-interesse", signedIn: true },
  { name: "interest-areas-one", path: () => "/meupergamum/areas-interesse?area=6", signedIn: true },
  { name: "check-titles", path: () => "/meupergamum/verificar-titulos", signedIn: true },
];

auditRoutes(ROUTES);
