import type { ReactNode } from "react";

export interface ListFrameProps<T> {
  /** The loaded items, or null when fetching the list failed. */
  items: readonly T[] | null;
  /** The spec §8 "failure fetching …" message for this list (translated). */
  failed: string;
  /** A sentence for an empty list (translated). */
  empty: string;
  /** Renders the loaded, non-empty list. */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * The three states of a list in the private area: loaded, empty (a sentence, never a blank) and failed
 * (the list's own message; the rest of the page keeps working).
 */
export function ListFrame<T>({ items, failed, empty, children }: ListFrameProps<T>) {
  if (items === null) return <p className="notice notice--warning account-list__failed">{failed}</p>;
  if (items.length === 0) return <p className="account-list__empty">{empty}</p>;
  return <>{children(items)}</>;
}
