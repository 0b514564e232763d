/** /api/comentarios (spec §7 "Comentarios"): the patron's own comments, then the comments on titles. */
import { createRouter, type ApiDeps } from "../../lib/http.ts";
import { comentariosRoutes as titleCommentsRoutes } from "./acervo.ts";
import { meusComentariosRoutes } from "./usuario.ts";

export function comentariosRoutes(deps: ApiDeps) {
  const app = createRouter();
  // /usuario/... first: its paths would otherwise reach the title routes' /{id} patterns.
  app.route("/", meusComentariosRoutes(deps));
  app.route("/", titleCommentsRoutes(deps));
  return app;
}
