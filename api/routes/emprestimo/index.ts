/** /api/emprestimo (spec §7 "Emprestimo"): loans, renewal, history, debits, the loan token and the due-date calendar. */
import { createRouter, requireToken, type ApiDeps } from "../../lib/http.ts";
import { calendarFeedRoutes, calendarRoutes } from "./calendar.ts";
import { debitosRoutes } from "./debitos.ts";
import { loansRoutes } from "./loans.ts";
import { tokenRoutes } from "./token.ts";

/** Every /api/emprestimo route needs a token; the patron's routes refuse a public one. */
export function emprestimoRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.route("/", loansRoutes(deps));
  app.route("/", debitosRoutes(deps));
  app.route("/", tokenRoutes(deps));
  app.route("/", calendarRoutes(deps));
  return app;
}

export { calendarFeedRoutes };
