/**
 * "Erro:" in the page title after a failed POST. The meta function cannot see action data, but in a
 * document POST (no JavaScript) the action and the loaders share the request's context: the action marks
 * the failure and the loader reads it. With JavaScript the page sets the title itself (useErrorTitle).
 */
import { createContext, type RouterContextProvider } from "react-router";

const formErrorContext = createContext<boolean>(false);

/** Marks this request's form submission as failed. */
export function markFormError(context: Readonly<RouterContextProvider>): void {
  (context as RouterContextProvider).set(formErrorContext, true);
}

/** True when this request's action failed validation. */
export function hasFormError(context: Readonly<RouterContextProvider>): boolean {
  return context.get(formErrorContext);
}
