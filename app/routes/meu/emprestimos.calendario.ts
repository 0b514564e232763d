import type { Route } from "./+types/emprestimos.calendario";
import { loadLoansCalendar } from "./emprestimos.calendario.server";

/** GET: the current loans' due dates as an iCalendar download, worded in the portal's language. */
export function loader(args: Route.LoaderArgs) {
  return loadLoansCalendar(args);
}
