import { useEffect, useRef } from "react";

/**
 * The result of an action, on the page the redirect lands on: a status region (announced) that takes the focus
 * with JS, so keyboard and screen-reader users start from it. Renders nothing without a message.
 */
export function StatusMessage({ message, tone = "success" }: { message: string | null; tone?: "success" | "warning" }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <div role="status" className="profile-status">
      {message ? (
        <p ref={ref} tabIndex={-1} className={tone === "warning" ? "notice notice--warning" : "notice notice--success"}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
