import { useEffect, useRef } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * Focus for an element that arrives with a page or an answer (an action's result, a confirmation question, a
 * message after a redirect): the next Tab and the screen reader start from it (WCAG 2.4.3). The element takes
 * the returned `ref` and `autoFocus` props.
 * - Before hydration (no JavaScript, or a page still loading its scripts) `autoFocus` lets the browser focus it on
 *   load.
 * - Once hydrated, an effect focuses it each time `focusKey` turns truthy or changes (a client-side answer).
 * - Hydration itself never moves the focus (ADR 275): the browser already focused the element on load, and on a
 *   slow machine the patron may since have moved on, typing in a field or scrolled to a button. Focusing again
 *   there took the typing away and scrolled the page under the pointer, so a click landed beside its button.
 */
export function useArrivalFocus<T extends HTMLElement>(focusKey: unknown) {
  const ref = useRef<T>(null);
  const hydrated = useHydrated();
  // True when this element was first drawn by hydration (or on the server): its first effect is hydration's.
  const drawnByHydration = useRef(!hydrated);
  useEffect(() => {
    if (drawnByHydration.current) {
      drawnByHydration.current = false;
      return;
    }
    if (focusKey) ref.current?.focus();
  }, [focusKey]);
  return { ref, autoFocus: Boolean(focusKey) && !hydrated };
}
