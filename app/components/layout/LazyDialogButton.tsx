import { Suspense, useState, type ReactNode } from "react";

/**
 * A button that opens a dialog whose code loads on demand: the module starts loading when the pointer or the
 * focus reaches the button, and the dialog mounts on the first press. The button stays in the page, so the
 * dialog gives focus back to it when it closes.
 */
export function LazyDialogButton(props: {
  label: ReactNode;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts loading the dialog's module (e.g. `() => import("./X")`); called more than once, cached by the browser. */
  preload: () => unknown;
  /** The dialog, rendered once it has been asked for. */
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--link"
        aria-haspopup="dialog"
        aria-expanded={props.isOpen}
        onPointerEnter={() => void props.preload()}
        onFocus={() => void props.preload()}
        onClick={() => {
          setWanted(true);
          props.onOpenChange(true);
        }}
      >
        {props.label}
      </button>
      {wanted ? <Suspense fallback={null}>{props.children}</Suspense> : null}
    </>
  );
}
