import type { Route } from "./+types/listas.publica.exportar";
import { loadPublicListExport } from "./listas.publica.exportar.server";

export function loader(args: Route.LoaderArgs) {
  return loadPublicListExport(args);
}
