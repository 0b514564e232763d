import { useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { useHydrated } from "~/lib/use-hydrated";
import "./toast.css";

export interface ToastProps {
  /** The translated message; null or empty renders the (empty) live region only. */
  message: string | null;
  /** Called when the patron closes the toast. */
  onDismiss?: () => void;
  /** Without JS the close control is a link here (the same page without the "sent" marker). */
  dismissHref?: string;
  /** Changes for each new toast, so one message twice in a row is announced twice. */
  toastKey?: string | number;
}

/**
 * A toast in a polite status live region (spec §7 "success shows a toast"). The region is always in the page, so
 * screen readers announce the message when it appears. It stays until the patron closes it (no time limit on a
 * message to read, WCAG 2.2.1; ADR 138, which departs from spec §9's 8 s).
 */
export function Toast({ message, onDismiss, dismissHref, toastKey }: ToastProps) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(Boolean(message));
  const [lastKey, setLastKey] = useState<string | number | undefined>(toastKey ?? message ?? undefined);
  const currentKey = toastKey ?? message ?? undefined;
  if (currentKey !== lastKey) {
    setLastKey(currentKey);
    setOpen(Boolean(message));
  }

  const close = () => {
    setOpen(false);
    onDismiss?.();
  };
  const visible = open && Boolean(message);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {visible ? (
        <div className="toast">
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
