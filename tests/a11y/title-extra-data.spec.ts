import { test } from "@playwright/test";
import { PRIVATE_AREA } from "../fixtures/demo";
import { findTitle } from "../fixtures/title-pages";
import { auditRoutes } from "./audit";

// A title showing every part of the extra data (ADR 215): area, way to the shelf, courses and disciplines, place and collection.
let extrasTitle: number;
test.beforeAll(async ({ request }) => {
  extrasTitle = await findTitle(request, "jazz", async (id, get) => {
    const a = await get<{ cursos_disc: unknown[]; areas_conhecimento: unknown[]; rota: unknown[]; dados_adicionais: Record<string, unknown[]> }>(
      `/acervo/${id}`,
    );
    return Boolean(
      a.cursos_disc.length && a.areas_conhecimento.length && a.rota.length && a.dados_adicionais.P?.length && a.dados_adicionais.C?.length,
    );
  });
});

auditRoutes([{ name: "title-extra-data", path: () => `/acervo/${extrasTitle}` }]);

// The holds (with a pickup location), loan requests (with a receiving note) and permanent basket of the patron whose demo data has them.
auditRoutes(
  [
    { name: "account-holds-pickup-location", path: () => `${PRIVATE_AREA}/reservas`, signedIn: true },
    { name: "account-loan-requests-receiving-note", path: () => `${PRIVATE_AREA}/solicitacoes-emprestimo`, signedIn: true },
    // The permanent basket (issue 26), listed and with the error of an action on no ticked title.
    { name: "account-permanent-basket", path: () => `${PRIVATE_AREA}/cesta-permanente`, signedIn: true },
    {
      name: "account-permanent-basket-none-ticked",
      path: () => `${PRIVATE_AREA}/cesta-permanente`,
      signedIn: true,
      act: async (page) => {
        await page.getByRole("button", { name: /^(Levar para a cesta|Take to the basket)$/ }).click();
        await page.getByRole("alert").waitFor();
      },
    },
  ],
  { patron: { login: "leitora", password: "demo1234" } },
);
