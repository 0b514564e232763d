/** A network title's screen's loader: the title from the library network. */
import type { Route } from "./+types/rede.acervo";
import { loadNetworkRecord } from "./rede.server";

export async function loadNetworkRecordPage({ params, context }: Route.LoaderArgs) {
  return loadNetworkRecord(params, context);
}
