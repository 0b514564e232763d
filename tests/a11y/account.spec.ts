import { PRIVATE_AREA } from "../fixtures/demo";
import { auditRoutes, type RouteCase } from "./audit";

// The account area's screens (issue 9, part 1) and their states, signed in as the demo patron.
const ROUTES: RouteCase[] = [
  { name: "account-loans", path: () => `${PRIVATE_AREA}/emprestimos`, signedIn: true },
  {
    name: "account-loans-no-selection",
    path: () => `${PRIVATE_AREA}/emprestimos`,
    signedIn: true,
    act: async (page) => {
      await page.getByRole("button", { name: /^(Renovar selecionados|Renew selected)$/ }).click();
      await page.getByRole("alert").waitFor();
    },
  },
  // Sorted by title: the sort links and aria-sort on the other column (issue 29).
  { name: "account-loans-by-title", path: () => `${PRIVATE_AREA}/emprestimos?ordem=titulo`, signedIn: true },
  { name: "account-loan-history", path: () => `${PRIVATE_AREA}/emprestimos/historico` },
  { name: "account-loan-history-errors", path: () => `${PRIVATE_AREA}/emprestimos/historico?dataIni=2026-02-01&dataFim=2026-01-01`, signedIn: true },
  { name: "account-alerts", path: () => `${PRIVATE_AREA}/alertas`, signedIn: true },
  {
    name: "account-loan-token",
    path: () => `${PRIVATE_AREA}/token`,
    signedIn: true,
    act: async (page) => {
      await page.getByRole("button", { name: /^(Gerar token|Generate a token|Gerar um novo token|Generate a new token)$/ }).click();
      await page.locator(".loan-token__value").waitFor();
    },
  },
  { name: "account-app", path: () => `${PRIVATE_AREA}/app`, signedIn: true },
];
for (const r of ROUTES) r.signedIn = true;

auditRoutes(ROUTES);
