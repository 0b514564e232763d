import type { Route } from "./+types/nada-consta.pdf";
import { noDebtsPdfResponse } from "./nada-consta.server";

/** Resource route: the patron's no-debts declaration as a tagged PDF download; 404 until it is issued. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return noDebtsPdfResponse(request, context);
}
