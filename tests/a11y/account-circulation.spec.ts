import type { Page } from "@playwright/test";
import { PRIVATE_AREA } from "../fixtures/demo";
import { auditRoutes, type RouteCase } from "./audit";

/** Clicks a main-area button and waits for what it shows (an error summary, a confirmation). */
const click = (name: RegExp, then: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.getByRole("main").getByRole("button", { name }).first().click();
  await then(page);
};

// Holds, debits and loan requests of the private area (issue 9, part 1b), as the demo patron sees them.
const ROUTES: RouteCase[] = [
  { name: "account-holds", path: () => `${PRIVATE_AREA}/reservas`, signedIn: true },
  {
    name: "account-holds-errors",
    path: () => `${PRIVATE_AREA}/reservas`,
    signedIn: true,
    act: click(/^(Cancelar as reservas selecionadas|Cancel the selected holds)$/, (p) => p.getByRole("alert").first().waitFor()),
  },
  {
    name: "account-holds-confirm",
    path: () => `${PRIVATE_AREA}/reservas`,
    signedIn: true,
    act: async (page) => {
      await page.getByRole("main").getByRole("checkbox").first().check();
      await page
        .getByRole("main")
        .getByRole("button", { name: /^(Cancelar as reservas selecionadas|Cancel the selected holds)$/ })
        .click();
      // With JS a dialog asks (its "no" is a button); without JS a confirmation page does (its "no" is a link back).
      const no = /^(Não, voltar|No, go back)$/;
      await page
        .getByRole("button", { name: no })
        .or(page.getByRole("link", { name: no }))
        .first()
        .waitFor();
    },
  },
  // The batch changes (issue 29): a refused batch (nothing selected) and a batch's outcome. Resuming a hold that
  // is not suspended changes nothing, so the outcome says it was refused and the demo data stay as they were.
  {
    name: "account-holds-bulk-errors",
    path: () => `${PRIVATE_AREA}/reservas`,
    signedIn: true,
    act: click(/^(Suspender|Suspend)$/, (p) => p.getByRole("alert").first().waitFor()),
  },
  {
    name: "account-holds-bulk-outcome",
    path: () => `${PRIVATE_AREA}/reservas`,
    signedIn: true,
    act: async (page) => {
      const ready = page
        .getByRole("main")
        .getByRole("row")
        .filter({ hasText: /^(?!.*(Suspensa|Suspended))/ });
      await ready.getByRole("checkbox").first().check();
      await page
        .getByRole("main")
        .getByRole("button", { name: /^(Retomar|Resume)$/ })
        .click();
      await page.locator("#resultado-lote").waitFor();
    },
  },
  {
    name: "account-hold-manage",
    path: () => `${PRIVATE_AREA}/reservas`,
    signedIn: true,
    act: async (page) => {
      await page
        .getByRole("main")
        .getByRole("link", { name: /^(Suspender ou trocar|Suspend or change)/ })
        .first()
        .click();
      await page.getByRole("heading", { level: 2, name: /^(Suspender a reserva|Suspend the hold)$/ }).waitFor();
    },
  },
  { name: "account-debits", path: () => `${PRIVATE_AREA}/debitos`, signedIn: true },
  {
    name: "account-debits-no-cpf",
    path: () => `${PRIVATE_AREA}/debitos`,
    signedIn: true,
    act: async (page) => {
      await page.getByRole("main").getByRole("checkbox").first().check();
      await page
        .getByRole("main")
        .getByRole("button", { name: /^(Gerar GRU|Issue a GRU)/ })
        .click();
      await page.getByRole("alert").first().waitFor();
    },
  },
  { name: "account-loan-requests", path: () => `${PRIVATE_AREA}/solicitacoes-emprestimo`, signedIn: true },
  { name: "account-saved-items", path: () => `${PRIVATE_AREA}/itens-salvos`, signedIn: true },
  {
    name: "account-loan-requests-errors",
    path: () => `${PRIVATE_AREA}/solicitacoes-emprestimo?dataIni=2026-03-10&dataFim=2026-03-01`,
    signedIn: true,
  },
];

auditRoutes(ROUTES);

/** Waits for the confirmation step: a dialog with JS (its "no" is a button), a page without (its "no" is a link back). */
async function confirmShown(page: Page) {
  const no = /^(Não, voltar|No, go back)$/;
  await page
    .getByRole("button", { name: no })
    .or(page.getByRole("link", { name: no }))
    .first()
    .waitFor();
}

// Cancelling a loan request asks first (issue 26): leitora has one waiting; nothing is cancelled by the audit.
auditRoutes(
  [
    {
      name: "account-loan-request-cancel-confirm",
      path: () => `${PRIVATE_AREA}/solicitacoes-emprestimo`,
      signedIn: true,
      act: click(/^(Cancelar a solicitação de|Cancel the request for) /, confirmShown),
    },
  ],
  { patron: { login: "leitora", password: "demo1234" } },
);

// Deleting a comment asks first (issue 26); nothing is deleted by the audit.
auditRoutes([
  {
    name: "my-comments-delete-confirm",
    path: () => `${PRIVATE_AREA}/comentarios`,
    signedIn: true,
    act: click(/^(Apagar o comentário de|Delete the comment of) /, confirmShown),
  },
]);
