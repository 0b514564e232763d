/** The account layout's data: the counts beside menu entries. */
import type { RouterContextProvider } from "react-router";
import { getLoans } from "~/lib/api/account.server";
import { getApi } from "~/lib/api/client.server";
import { isProfessor } from "~/lib/api/requests.server";
import { settle } from "~/lib/api/settle.server";
import { getSession } from "~/lib/session.server";
import type { Route } from "./+types/_layout";
import type { AccountCount } from "./_nav";

/** The unread-alerts count comes from the root loader (the user bar shows it too), so it is not fetched twice. */
export type AccountCounts = Record<Exclude<AccountCount, "unreadAlerts">, number | null>;

/** Counts for the menu; a count whose list fails to load is null (not shown), the page still renders. */
export async function loadAccountCounts(context: Readonly<RouterContextProvider>, now = new Date()): Promise<AccountCounts> {
  const api = getApi(context);
  const today = now.toISOString().slice(0, 10);
  const loans = await settle(getLoans(api));
  return {
    overdueLoans: loans.ok
      ? loans.value.filter((l) => (l.data_devolucao_prevista ?? "").slice(0, 10) < today && l.data_devolucao_prevista).length
      : null,
  };
}

/**
 * Whether the patron is a professor, for the professor-only menu entries: kept in the session at login; a session
 * started before it was kept asks the API (a failed check hides them).
 */
export async function loadIsProfessor(context: Readonly<RouterContextProvider>): Promise<boolean> {
  const kept = getSession(context).user?.professor;
  if (kept !== undefined) return kept;
  const r = await settle(isProfessor(getApi(context)));
  return r.ok && r.value;
}

/** The layout's loader: the menu's counts and whether to show the professor-only entries. */
export async function loadAccountLayout({ context }: Route.LoaderArgs) {
  const [counts, professor] = await Promise.all([loadAccountCounts(context), loadIsProfessor(context)]);
  return { counts, professor };
}
