import { test } from "@playwright/test";
import { findTitleId } from "../fixtures/demo";
import { titlePageFixtures } from "../fixtures/title-pages";
import { auditRoutes } from "./audit";

// Records beyond the generic title (a periodical, an authority), found before the audits run.
let ids: Awaited<ReturnType<typeof titlePageFixtures>>;
// The demo title with a Libras video link (ADR 256).
let librasTitle: number;
test.beforeAll(async ({ request }) => {
  ids = await titlePageFixtures(request);
  librasTitle = await findTitleId(request, "Dom Casmurro");
});

auditRoutes([
  { name: "title-detail-full", path: () => `/acervo/${ids.authorityTitle}` },
  { name: "title-libras-video", path: () => `/acervo/${librasTitle}`, prefs: { libras: true } },
  { name: "title-restricted-link", path: () => `/acervo/${ids.restricted}` },
  { name: "title-marc", path: ({ titleId }) => `/acervo/${titleId}/marc?liberacao=1` },
  { name: "title-exemplares", path: ({ titleId }) => `/acervo/${titleId}/exemplares` },
  { name: "title-dublin-core", path: ({ titleId }) => `/acervo/${titleId}/dublin-core` },
  { name: "title-kardex", path: () => `/acervo/${ids.serial}/colecao-kardex` },
  { name: "title-kardex-issue", path: () => `/acervo/${ids.serial}/colecao-kardex?fasciculo=${ids.issue}` },
  { name: "title-kardex-empty", path: () => `/acervo/${ids.book}/colecao-kardex` },
  { name: "title-sumarios", path: () => `/acervo/${ids.serial}/sumarios` },
  { name: "title-sumarios-livros", path: () => `/acervo/${ids.book}/sumarios-livros` },
  { name: "title-dados-estatisticos", path: () => `/acervo/${ids.book}/dados-estatisticos` },
  { name: "title-acervo-fechado", path: () => `/acervo/${ids.closed}/acervo-fechado` },
  { name: "title-acervo-fechado-404", path: () => `/acervo/${ids.book}/acervo-fechado` },
  { name: "title-subpage-404", path: () => "/acervo/999999999/marc" },
  { name: "authority", path: () => `/autoridade/${ids.authority}` },
  { name: "authority-marc", path: () => `/autoridade/${ids.authority}/marc` },
  { name: "authority-404", path: () => "/autoridade/999999999" },
  { name: "provider-pearson", path: () => "/pearson" },
  { name: "provider-grupoa-signed-in", path: () => "/grupoa", signedIn: true },
]);
