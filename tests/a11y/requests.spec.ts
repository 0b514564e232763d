import type { Page } from "@playwright/test";
import { PRIVATE_AREA } from "../fixtures/demo";
import { auditRoutes, type RouteCase } from "./audit";

/** Submits the page's main form empty, so the audit covers the error summary and the inline errors. */
const submitEmpty = (label: RegExp) => async (page: Page) => {
  await page.getByRole("main").getByRole("button", { name: label }).click();
  await page.getByRole("alert").first().waitFor();
};

/**
 * The comment form keeps its send button disabled with JS until it is complete (spec §5), so its error state
 * (what a visitor without JS gets from the server) is reached by submitting the form itself.
 */
const submitEmptyComment = async (page: Page) => {
  await page
    .getByRole("main")
    .locator("form:has(textarea[name=texto])")
    .evaluate((f) => (f as HTMLFormElement).requestSubmit());
  await page.getByRole("alert").first().waitFor();
};

/** From the loans page, the hold page of the first title on loan, and waits for its explanation. */
const openHoldOfFirstLoan = async (page: Page) => {
  const href = await page.getByRole("main").locator('a[href^="/acervo/"]').first().getAttribute("href");
  const id = /^\/acervo\/(\d+)/.exec(href ?? "")?.[1];
  if (!id) throw new Error(`no title link on the loans page: ${href}`);
  await page.goto(`/acervo/${id}/reserva`);
  await page
    .getByRole("main")
    .locator(".notice", { hasText: /emprestado|on loan/ })
    .waitFor();
};

// Holds, loan requests, comments, purchase suggestion and general comment (issue 3, "requests" area).
const ROUTES: RouteCase[] = [
  // The demo patron's title page id is a title with available copies: the hold page explains why it cannot be held.
  { name: "hold-unavailable", path: ({ titleId }) => `/acervo/${titleId}/reserva`, signedIn: true },
  // A title the demo patron has on loan (the first of their loans): the hold page says so instead of the form.
  { name: "hold-on-loan", path: () => `${PRIVATE_AREA}/emprestimos`, signedIn: true, act: openHoldOfFirstLoan },
  { name: "loan-request", path: ({ titleId }) => `/acervo/${titleId}/solicitacao-emprestimo`, signedIn: true },
  {
    name: "loan-request-errors",
    path: ({ titleId }) => `/acervo/${titleId}/solicitacao-emprestimo`,
    signedIn: true,
    act: submitEmpty(/^(Solicitar empréstimo|Request loan)$/),
  },
  { name: "title-comment", path: ({ titleId }) => `/acervo/${titleId}/comentarios`, signedIn: true },
  { name: "title-comment-errors", path: ({ titleId }) => `/acervo/${titleId}/comentarios`, signedIn: true, act: submitEmptyComment },
  { name: "title-comment-logged-out", path: ({ titleId }) => `/acervo/${titleId}/comentarios` },
  { name: "suggestion", path: () => "/sugestao", signedIn: true },
  { name: "suggestion-errors", path: () => "/sugestao", signedIn: true, act: submitEmpty(/^(Enviar sugestão|Send suggestion)$/) },
  { name: "suggestion-sent-toast", path: () => "/sugestao?enviado=1", signedIn: true },
  { name: "suggestion-logged-out", path: () => "/sugestao" },
  { name: "general-comment", path: () => "/comentario", signedIn: true },
  { name: "general-comment-errors", path: () => "/comentario", signedIn: true, act: submitEmptyComment },
];

auditRoutes(ROUTES);
