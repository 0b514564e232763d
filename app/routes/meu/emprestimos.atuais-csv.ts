import type { Route } from "./+types/emprestimos.atuais-csv";
import { currentLoansCsv } from "./emprestimos.server";

/** GET: the current loans as a CSV download, in the table's order (`?ordem=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return currentLoansCsv(request, context);
}
