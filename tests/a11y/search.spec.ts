import { auditRoutes, type RouteCase } from "./audit";

// The search area: facets (none, some selected, the "more" disclosure), every working tab, the advanced form and
// its error, the browse indexes and an entry's titles.
const ROUTES: RouteCase[] = [
  // Ten results a page: the same markup as twenty, audited faster (each case runs in twelve contexts).
  { name: "search-facets", path: () => "/?termo=brasil&qtd=10" },
  // The search box's suggestions open (with JavaScript; without it the plain box with the typed term).
  {
    name: "search-suggestions-open",
    path: () => "/",
    act: async (page) => {
      // JS off here means the app's scripts are blocked: the page never hydrates (4 s spent once, in that mode).
      const js = await page
        .locator("html[data-hydrated]")
        .waitFor({ state: "attached", timeout: 4000 })
        .then(
          () => true,
          () => false,
        );
      const box = page.getByLabel("Termo de pesquisa", { exact: true });
      await box.click();
      await box.pressSequentially("educ");
      if (js) await page.getByRole("listbox").waitFor();
    },
  },
  { name: "search-facets-selected", path: () => "/?termo=brasil&qtd=10&filtro=I:por&filtro=Y:2006&filtro=Y:SD" },
  { name: "search-compact", path: () => "/?termo=brasil&qtd=10&exibicao=C" },
  // "Did you mean" (issue 6): no results, with the catalogue's own word offered as a link.
  { name: "search-did-you-mean", path: () => "/?termo=democrasia" },
  { name: "tab-ebooks", path: () => "/ebooks?termo=software" },
  { name: "tab-archive", path: () => "/arquivo?termo=arquivo" },
  { name: "tab-normative-acts", path: () => "/atos?termo=direito" },
  { name: "tab-accessibility", path: () => "/acessibilidade" },
  { name: "tab-new-acquisitions", path: () => "/aquisicoes?termo=brasil" },
  { name: "tab-advanced", path: () => "/avancada" },
  { name: "tab-advanced-error", path: () => "/avancada?titulo=&autor=&assunto=" },
  { name: "tab-advanced-any-error", path: () => "/avancada?titulo=de+ab&modo=qualquer" },
  { name: "tab-advanced-results", path: () => "/avancada?titulo=brasil&assunto=politica&qtd=10" },
  // Rows joined by OU and NÃO (ADR 257): the operator selects kept, and NÃO on the first filled row refused.
  { name: "tab-advanced-operators", path: () => "/avancada?titulo=brasil&autor=silva&op_autor=OU&assunto=politica&op_assunto=NAO&qtd=10" },
  { name: "tab-advanced-not-first-error", path: () => "/avancada?titulo=&autor=silva&op_autor=NAO" },
  { name: "browse", path: () => "/indice?indice=assunto&termo=educacao" },
  { name: "browse-titles", path: () => "/indice?indice=assunto&entrada=educacao" },
];

auditRoutes(ROUTES);
