import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "~/lib/use-hydrated";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children"> & {
  /** The button's visible words (also what its place is measured by before it appears). */
  children: string;
};

/**
 * A button that only works with JavaScript (copy, print), kept out of the page until React has hydrated it.
 * Until then the server draws an empty, hidden place of the same size where it will appear (ADR 270), so the page
 * does not move when it does: a patron who clicks a link below it while the page loads lands on that link, not
 * on what slid under the pointer. The place is drawn only where the browser runs scripts (CSS `scripting`); it
 * holds no text, so text browsers and screen readers meet nothing.
 */
export function ScriptButton({ className, children, ...rest }: Props) {
  const hydrated = useHydrated();
  if (!hydrated)
    return <span className={className ? `${className} script-button-place` : "script-button-place"} data-label={children} aria-hidden="true" />;
  return (
    <button type="button" className={className} {...rest}>
      {children}
    </button>
  );
}
