import type { Page } from "@playwright/test";
import { auditRoutes, type RouteCase } from "./audit";

const AREA = "/meupergamum";

/** Submits a form empty, so the audit covers the summary and the inline errors (any page language). */
const submitEmpty = (formId: string) => async (page: Page) => {
  await page.locator(`#${formId} button[type="submit"]`).click();
  await page.getByRole("alert").first().waitFor();
};

/** The survey with its spec §5 range errors (dates and bibliography pages out of order). */
const surveyOutOfOrder = async (page: Page) => {
  await page.locator("#survey-assunto_geral").fill("Leitura");
  await page.locator("#survey-data_inicio").fill("2024-05-01");
  await page.locator("#survey-data_fim").fill("2023-01-01");
  await page.locator("#survey-pagina_bibliografia_inicial").fill("40");
  await page.locator("#survey-pagina_bibliografia_final").fill("12");
  await page.locator("#form-survey").getByRole("button").click();
  await page.getByRole("alert").first().waitFor();
};

// Requests to the library (issue 11, ADR 190): one case per distinct screen and state.
const ROUTES: RouteCase[] = [
  { name: "interlibrary-loan", path: () => `${AREA}/emprestimo-entre-bibliotecas`, signedIn: true },
  { name: "interlibrary-loan-errors", path: () => `${AREA}/emprestimo-entre-bibliotecas`, signedIn: true, act: submitEmpty("form-interlibrary") },
  { name: "interlibrary-loan-sent", path: () => `${AREA}/emprestimo-entre-bibliotecas?aviso=interlibrary`, signedIn: true },
  { name: "switching-survey", path: () => `${AREA}/comutacao-levantamento`, signedIn: true },
  { name: "switching-survey-bad-status", path: () => `${AREA}/comutacao-levantamento?situacao=perdida`, signedIn: true },
  { name: "survey-form-errors", path: () => `${AREA}/comutacao-levantamento/levantamento`, signedIn: true, act: surveyOutOfOrder },
  { name: "catalogue-card", path: () => `${AREA}/ficha-catalografica`, signedIn: true },
  { name: "specialised-search", path: () => `${AREA}/pesquisa-especializada`, signedIn: true },
];

auditRoutes(ROUTES);

// My purchase suggestions and my comments (issue 11): the lists, and the suggestions filter's error state.
auditRoutes([
  { name: "my-suggestions", path: () => `${AREA}/sugestoes`, signedIn: true },
  { name: "my-suggestions-bad-range", path: () => `${AREA}/sugestoes?dataIni=2026-05-01&dataFim=2026-01-01`, signedIn: true },
  { name: "my-comments", path: () => `${AREA}/comentarios?aviso=apagado`, signedIn: true },
]);
