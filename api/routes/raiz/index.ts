/**
 * The calls spec §7 puts directly under /api, with no group prefix of their own: the directory (campuses, courses,
 * disciplines, professors, a library by code, indexing services, standards) and the basket (its export, the titles
 * of a list of ids, the permanent basket at /acervo/cesta-permanente).
 *
 * Mounted once, at /api, after the staff channel (/api/biblioteca, whose staff check must answer for its own paths
 * first) and before /api/acervo (whose `/{id}` would otherwise take /acervo/cesta-permanente). Each part scopes its
 * token check to its own paths.
 */
import type { ApiDeps } from "../../lib/http.ts";
import { createRouter } from "../../lib/http.ts";
import { cadastrosRoutes } from "./cadastros.ts";
import { cestaRoutes } from "./cesta.ts";

export function raizRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.route("/", cadastrosRoutes(deps));
  app.route("/", cestaRoutes(deps));
  return app;
}
