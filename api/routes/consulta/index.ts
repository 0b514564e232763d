/** /api/consulta (spec §7 "Consulta"): search, its sort options and filters, and the search box's suggestions. */
import { createRouter, type ApiDeps } from "../../lib/http.ts";
import { autocompletarRoutes } from "./autocompletar.ts";
import { consultaRoutes as pesquisaRoutes, tabOptionsRoutes } from "./pesquisa.ts";

/**
 * Both parts check the token for `*`. The suggestions come first, as they did when each was mounted on its own:
 * `/autocompletar` is a static path the search's routes leave alone.
 */
export function consultaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.route("/", autocompletarRoutes(deps));
  app.route("/", pesquisaRoutes(deps));
  return app;
}

/** Each MARC-derived tab's form options, mounted at their own prefixes (ADR 065). */
export { tabOptionsRoutes };
