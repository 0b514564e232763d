import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { Link } from "~/components/ui/Link";
import { useHydrated } from "~/lib/use-hydrated";
import "./toast.css";

/** Spec §9: a toast closes itself after 8000 ms. */
export const TOAST_TIMEOUT_MS = 8000;

export interface ToastProps {
  /** The translated message; null or empty renders the (empty) live region only. */
  message: string | null;
  /** Called when the toast closes (timeout or the close button). */
  onDismiss?: () => void;
  /** Without JS the close control is a link here (the same page without the "sent" marker). */
  dismissHref?: string;
  /** Changes for each new toast, so one message twice in a row is announced twice. */
  toastKey?: string | number;
}

/**
 * A toast in a polite status live region (spec §7 "success shows a toast"). The region is always in the page, so
 * screen readers announce the message when it appears. It closes itself after 8000 ms, but the timer pauses while
 * the pointer or the keyboard focus is inside it, and its close button can be reached and used at any time.
 */
export function Toast({ message, onDismiss, dismissHref, toastKey }: ToastProps) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(Boolean(message));
  const [lastKey, setLastKey] = useState<string | number | undefined>(toastKey ?? message ?? undefined);
  const paused = useRef(false);
  const currentKey = toastKey ?? message ?? undefined;
  if (currentKey !== lastKey) {
    setLastKey(currentKey);
    setOpen(Boolean(message));
  }

  useEffect(() => {
    if (!open || !hydrated) return;
    let remaining = TOAST_TIMEOUT_MS;
    let started = Date.now();
    const tick = setInterval(() => {
      const now = Date.now();
      if (!paused.current) remaining -= now - started;
      started = now;
      if (remaining <= 0) {
        clearInterval(tick);
        setOpen(false);
        onDismiss?.();
      }
    }, 250);
    return () => clearInterval(tick);
  }, [open, hydrated, currentKey, onDismiss]);

  const close = () => {
    setOpen(false);
    onDismiss?.();
  };
  const visible = open && Boolean(message);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {visible ? (
        <div
          className="toast"
          onMouseEnter={() => (paused.current = true)}
          onMouseLeave={() => (paused.current = false)}
          onFocus={() => (paused.current = true)}
          onBlur={() => (paused.current = false)}
        >
          <p className="toast__message">{message}</p>
          {hydrated ? (
            <button type="button" className="button button--secondary toast__close" onClick={close}>
              {t("layout.close")}
            </button>
          ) : dismissHref ? (
            <Link to={dismissHref} className="toast__close" replace>
              {t("layout.close")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
