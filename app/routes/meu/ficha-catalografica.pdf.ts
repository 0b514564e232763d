import type { Route } from "./+types/ficha-catalografica.pdf";
import { loadCatalogueCardPdf } from "./ficha-catalografica.pdf.server";

/** Resource route: an answered catalogue-card request's card as a tagged PDF download; 404 until the library answers. */
export function loader(args: Route.LoaderArgs) {
  return loadCatalogueCardPdf(args);
}
