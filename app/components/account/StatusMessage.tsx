import { useEffect, useRef } from "react";

/**
 * The result of an action (cancelled, suspended, paid…), announced to screen readers and focused on arrival,
 * so the patron hears it after the redirect (CONVENTIONS "Forms and errors").
 */
export function StatusMessage({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <p className="notice notice--success" role="status" tabIndex={-1} ref={ref}>
      {children}
    </p>
  );
}
