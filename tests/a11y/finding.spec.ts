import { auditRoutes, type RouteCase } from "./audit";

// Finding a book (issue 28; ADRs 242, 244, 245, 251): the states of its screens no other case reaches: "available
// now" chosen (any library, one library), the advanced fields with their year-range error, a sort of ADR 251, a
// title page reached from a result's "N editions" link, and the page that e-mails one record (and its error).
const ROUTES: RouteCase[] = [
  { name: "search-available-now", path: () => "/?termo=historia&qtd=10&disponivel=S" },
  {
    name: "search-available-now-library",
    path: () => "/?termo=historia&qtd=10",
    act: async (page) => {
      // The first library of the select (after "every title" and "any library"), applied by its own button.
      const select = page.locator("select[name=disponivel]");
      await select.selectOption((await select.locator("option").nth(2).getAttribute("value"))!);
      await page.getByRole("button", { name: /^(Aplicar|Apply)$/ }).click();
      await page.waitForURL(/[?&]disponivel=\d+/);
    },
  },
  { name: "tab-advanced-fields-results", path: () => "/avancada?titulo=brasil&editora=editora&ano_de=1990&ano_ate=2025&qtd=10" },
  { name: "tab-advanced-year-range-error", path: () => "/avancada?titulo=brasil&ano_de=2000&ano_ate=1990" },
  { name: "search-sorted-call-number", path: () => "/?termo=brasil&qtd=10&ordenacao=N" },
  {
    name: "title-other-editions",
    path: () => "/?termo=historia&qtd=50",
    act: async (page) => {
      for (const termo of ["historia", "brasil", "jazz", "teoria"]) {
        await page.goto(`/?termo=${termo}&qtd=50`);
        const link = page.locator(".result__editions a").first();
        if ((await link.count()) === 0) continue;
        await link.click();
        await page.waitForURL(/\/acervo\/\d+#outras-edicoes$/);
        return;
      }
      throw new Error("no demo search result with other editions");
    },
  },
  { name: "title-email", path: ({ titleId }) => `/acervo/${titleId}/enviar`, signedIn: true },
  {
    name: "title-email-error",
    path: ({ titleId }) => `/acervo/${titleId}/enviar`,
    signedIn: true,
    act: async (page) => {
      await page.getByLabel(/^(Destinatários|Recipients)$/).fill("nao-e-email");
      await page.getByRole("button", { name: /^(Enviar|Send)$/ }).click();
      await page.locator("[aria-invalid=true]").first().waitFor();
    },
  },
];

auditRoutes(ROUTES);
