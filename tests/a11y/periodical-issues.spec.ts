import { test } from "@playwright/test";
import { titlePageFixtures } from "../fixtures/title-pages";
import { auditRoutes } from "./audit";

// A periodical's title page with its latest received issues (ADR 196).
let ids: Awaited<ReturnType<typeof titlePageFixtures>>;
test.beforeAll(async ({ request }) => {
  ids = await titlePageFixtures(request);
});

auditRoutes([{ name: "title-periodical-latest-issues", path: () => `/acervo/${ids.serial}` }]);
