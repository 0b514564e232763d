/** /api/parametros (spec §7 "Parametros"): the institution's configuration for the portal and the app. */
import { createRouter, type ApiDeps } from "../../lib/http.ts";
import { eventosCamadasInformativosRoutes } from "./eventos-camadas-informativos.ts";
import { instituicaoRoutes } from "./instituicao.ts";

/**
 * The events, app layers and activity notes come first: `/atividade/{id}/informativo` must be answered before the
 * institution's part, whose token check covers `*`; the first part scopes its check to its own paths.
 */
export function parametrosRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.route("/", eventosCamadasInformativosRoutes(deps));
  app.route("/", instituicaoRoutes(deps));
  return app;
}
