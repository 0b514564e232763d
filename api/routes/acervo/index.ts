/** /api/acervo (spec §7 "Acervo"): one title and its views, and the collection around it. */
import { createRouter, type ApiDeps } from "../../lib/http.ts";
import { colecaoRoutes } from "./colecao.ts";
import { tituloRoutes } from "./titulo.ts";

/**
 * The collection's parts come first: their static paths (`totais`, `dados-armazem`…) must not reach the title's
 * `/{id}`, and each scopes its token check to its own paths. The title's part checks the token for `*`, so it
 * comes last: it covers every path the others leave.
 */
export function acervoRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.route("/", colecaoRoutes(deps));
  app.route("/", tituloRoutes(deps));
  return app;
}
