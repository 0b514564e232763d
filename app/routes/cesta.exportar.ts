import type { Route } from "./+types/cesta.exportar";
import { loadBasketExport } from "./cesta.exportar.server";

/** Download of an export as a file: the basket, or the titles of `&acervos=` (see cesta.exportar.server.ts). */
export function loader(args: Route.LoaderArgs) {
  return loadBasketExport(args);
}
