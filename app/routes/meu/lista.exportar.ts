import type { Route } from "./+types/lista.exportar";
import { loadListExport } from "./lista.exportar.server";

export function loader(args: Route.LoaderArgs) {
  return loadListExport(args);
}
