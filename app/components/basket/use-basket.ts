import { useRouteLoaderData } from "react-router";

/**
 * The titles in the visitor's basket, when the root loader exposes them as `basket` (an array of cod_acervo);
 * an empty list otherwise. Read defensively so the basket components work with any root data.
 */
export function useBasketIds(): number[] {
  const root = useRouteLoaderData("root") as { basket?: unknown } | undefined;
  const ids = root?.basket;
  return Array.isArray(ids) ? ids.filter((n): n is number => typeof n === "number") : [];
}

/** The path and query of the current page, for `redirectTo` fields. */
export function hereOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
