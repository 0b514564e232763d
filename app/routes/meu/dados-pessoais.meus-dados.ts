import type { Route } from "./+types/dados-pessoais.meus-dados";
import { loadMyData } from "./dados-pessoais.meus-dados.server";

/** Resource route: the patron's LGPD data bundle (JSON or CSV) as the API builds it, as a download. */
export function loader(args: Route.LoaderArgs) {
  return loadMyData(args);
}
