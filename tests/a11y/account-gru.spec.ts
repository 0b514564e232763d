import { PRIVATE_AREA } from "../fixtures/demo";
import { auditRoutes } from "./audit";

// The debits screen with its issued and paid slips and the paid-debits history, and a slip's page with its
// barcode and linha digitável (ADR 220), as leitora (who has a CPF and a slip already paid) sees them.
auditRoutes(
  [
    { name: "account-debits-slips-and-paid-history", path: () => `${PRIVATE_AREA}/debitos`, signedIn: true },
    {
      name: "account-gru-barcode",
      path: () => `${PRIVATE_AREA}/debitos`,
      signedIn: true,
      act: async (page) => {
        await page
          .getByRole("table", { name: /^(Suas GRUs|Your GRU slips)/ })
          .getByRole("link")
          .first()
          .click();
        await page.getByRole("heading", { level: 2, name: /^(Pagar pelo código de barras|Pay with the barcode)$/ }).waitFor();
      },
    },
  ],
  { patron: { login: "leitora", password: "demo1234" } },
);
