/**
 * "The last POST failed" for the page's title (CONVENTIONS: after a failed POST the title starts with "Erro:").
 * Route `meta` only sees loader data; without JS the action and the loaders run in one request, so the action
 * marks the request here and the loader prefixes the title it returns.
 */
import { createContext, type RouterContextProvider } from "react-router";

const failed = createContext<boolean>(false);

/** Marks the current request's action as failed (call before returning a 4xx). */
export function markActionFailed(context: Readonly<RouterContextProvider>): void {
  (context as RouterContextProvider).set(failed, true);
}

/** True when this request's action failed. */
export function actionFailed(context: Readonly<RouterContextProvider>): boolean {
  return (context as RouterContextProvider).get(failed);
}

/** Passes an action's result through, marking the request as failed when it is a `data(…, {status: 4xx/5xx})`. */
export function flagFailure<T>(context: Readonly<RouterContextProvider>, result: T): T {
  const status = (result as { init?: { status?: number } | null } | null)?.init?.status;
  if (typeof status === "number" && status >= 400) markActionFailed(context);
  return result;
}

/**
 * The page title, prefixed with the translated "Erro:" when this request's action failed, or with the outcome of
 * the action the patron was just redirected from (PRG: "Reserva cancelada – Reservas"), so the title says what
 * happened where the page is announced first, also without JavaScript.
 */
export function titleAfterAction(context: Readonly<RouterContextProvider>, title: string, prefix: string, outcome?: string | null): string {
  if (actionFailed(context)) return `${prefix} ${title}`;
  return outcome ? `${outcome} – ${title}` : title;
}
