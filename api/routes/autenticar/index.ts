/** /api/autenticar (spec §7 "User data, login and SSO"): the logged-in patron's data, the app's layers and redirect tickets. */
import { createRouter, type ApiDeps } from "../../lib/http.ts";
import { dadosUsuarioRoutes } from "./dados-usuario.ts";
import { appRoutes } from "./aplicativo-e-redirecionamento.ts";

export function autenticarRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.route("/", dadosUsuarioRoutes(deps));
  // The rest of the group (ADR 180): /app-layers and /token-redireciona.
  app.route("/", appRoutes(deps));
  return app;
}
