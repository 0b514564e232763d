import type { Route } from "./+types/emprestimos.historico-csv";
import { historyCsv } from "./emprestimos.historico.server";

/** GET: the loan history of a date range as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return historyCsv(request, context);
}
