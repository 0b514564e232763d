/** /api/vinculos (spec §7 "Vinculos"): titles' covers and online links, access statistics, and external content providers. */
import { createRouter, type ApiDeps } from "../../lib/http.ts";
import { capasELinksRoutes } from "./capas-e-links.ts";
import { provedoresRoutes } from "./provedores.ts";

/**
 * The covers and links come first: their token check covers `*` and takes any token (the statistics call is
 * made for anonymous searches too). The providers' part then asks for a patron.
 */
export function vinculosRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.route("/", capasELinksRoutes(deps));
  app.route("/", provedoresRoutes(deps));
  return app;
}

export { providerUrl } from "./provedores.ts";
