/** /api/aquisicao (spec §7 "Aquisicao"): the patron's purchase suggestions, then the acquisition statistics. */
import { createRouter, type ApiDeps } from "../../lib/http.ts";
import { aquisicaoEstatisticasRoutes } from "./estatisticas.ts";
import { aquisicaoSugestoesRoutes } from "./sugestoes.ts";

export function aquisicaoRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.route("/", aquisicaoSugestoesRoutes(deps));
  app.route("/", aquisicaoEstatisticasRoutes(deps));
  return app;
}
