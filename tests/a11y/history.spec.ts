import type { Page } from "@playwright/test";
import { WAITING_TITLES, waitingTitleId } from "../fixtures/waiting-list";
import { auditRoutes, type RouteCase } from "./audit";

/** Runs two searches in this browser context, then opens the history. */
const afterSearches = async (page: Page) => {
  await page.goto("/?termo=historia");
  await page.goto("/avancada?titulo=brasil");
  await page.goto("/historico");
};

/** Opens `path(id)` for a waiting-list demo title the demo patron never joins (the offer keeps its button). */
const onWaitingTitle = (path: (id: number) => string) => async (page: Page) => {
  await page.goto(path(await waitingTitleId(page.request, WAITING_TITLES.jsOn)));
};

/** Joins the audit title's waiting list from its hold page (idempotent: every case may do it). */
const joinWaitingList = async (page: Page) => {
  const id = await waitingTitleId(page.request, WAITING_TITLES.audit);
  await page.goto(`/acervo/${id}/reserva`);
  const join = page.getByRole("button", { name: /^(Entrar na lista de espera|Join the waiting list)$/ });
  if (await join.count()) {
    await join.click();
    await page.waitForURL(/\?lista=entrou$/);
  } else {
    // Already joined by an earlier case: the confirmation page shows the place.
    await page.goto(`/acervo/${id}/reserva?lista=entrou`);
  }
  await page.getByRole("heading", { level: 1, name: /^(Você entrou na lista de espera|You joined the waiting list)$/ }).waitFor();
};

// The search history (empty, listing searches, after clearing), the external-base access page and the waiting list.
const ROUTES: RouteCase[] = [
  { name: "history-empty", path: () => "/historico" },
  { name: "history-list", path: () => "/historico", act: afterSearches },
  { name: "history-cleared", path: () => "/historico?aviso=limpo" },
  // After a login that named an external base (ADR 095).
  { name: "external-base-access", path: () => "/pergamum_redireciona?base=cengage", signedIn: true },
  // The waiting list (ADR 094): offered on the loan request page of a title nobody can borrow or hold, and joined.
  {
    name: "waiting-list-offer",
    path: ({ titleId }) => `/acervo/${titleId}`,
    signedIn: true,
    act: onWaitingTitle((id) => `/acervo/${id}/solicitacao-emprestimo`),
  },
  { name: "waiting-list-joined", path: ({ titleId }) => `/acervo/${titleId}`, signedIn: true, act: joinWaitingList },
];

auditRoutes(ROUTES);
